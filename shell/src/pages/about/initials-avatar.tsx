import styled from 'styled-components';

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
  background: hsl(${({ $hue }) => $hue} 55% 42%);
`;

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [name.trim().slice(0, 2)];
  return letters.join('').toUpperCase() || '?';
}

/** Drawn here from the name's initials: no third-party avatar service sees who visits (DESIGN §7). */
export function InitialsAvatar({ name }: { name: string }) {
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  return (
    <Circle $hue={hue} role="img" aria-label={`${name} avatar`}>
      {initialsOf(name)}
    </Circle>
  );
}
