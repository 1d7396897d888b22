import styled from 'styled-components';

/** Dark enough for white initials at AA (4.5:1) whatever the hue, yellow included (decision 018). */
export const AVATAR_SATURATION = 55;
export const AVATAR_LIGHTNESS = 29;

const Circle = styled.span<{ $hue: number }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 72px;
  height: 72px;
  border-radius: 50%;
  font-weight: 700;
  font-size: 1.5rem;
  color: #fff;
  background: hsl(${({ $hue }) => $hue} ${AVATAR_SATURATION}% ${AVATAR_LIGHTNESS}%);
`;

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [name.trim().slice(0, 2)];
  return letters.join('').toUpperCase() || '?';
}

/** Drawn here from the name's initials: no third-party avatar service sees who visits (architecture §7). */
export function InitialsAvatar({ name }: { name: string }) {
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <Circle $hue={hue} role="img" aria-label={`${name} avatar`}>
      {initialsOf(name)}
    </Circle>
  );
}
