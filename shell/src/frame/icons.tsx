import type { ReactNode } from 'react';

/**
 * Inline SVG icons (decision 018): emoji need an emoji font, which many systems lack, and then show as empty
 * boxes. Paths are Feather's (MIT, feathericons.com), drawn in the text colour. Decorative by default
 * (aria-hidden): the control or card around an icon carries the name.
 */
function Icon({ name, children, size = 20 }: { name: string; children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      {children}
    </svg>
  );
}

export interface IconProps {
  size?: number;
}

export const SunIcon = ({ size }: IconProps) => (
  <Icon name="sun" size={size}>
    <circle cx="12" cy="12" r="5" />
    <path d="M12 1v2M12 21v2M4.22 4.22l1.42 1.42M18.36 18.36l1.42 1.42M1 12h2M21 12h2M4.22 19.78l1.42-1.42M18.36 5.64l1.42-1.42" />
  </Icon>
);

export const MoonIcon = ({ size }: IconProps) => (
  <Icon name="moon" size={size}>
    <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
  </Icon>
);

export const MenuIcon = ({ size }: IconProps) => (
  <Icon name="menu" size={size}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </Icon>
);

export const CloseIcon = ({ size }: IconProps) => (
  <Icon name="close" size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Icon>
);

export const BookIcon = ({ size }: IconProps) => (
  <Icon name="book" size={size}>
    <path d="M2 3h6a4 4 0 0 1 4 4v14a3 3 0 0 0-3-3H2z" />
    <path d="M22 3h-6a4 4 0 0 0-4 4v14a3 3 0 0 1 3-3h7z" />
  </Icon>
);

export const ClipboardIcon = ({ size }: IconProps) => (
  <Icon name="clipboard" size={size}>
    <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
    <rect x="8" y="2" width="8" height="4" rx="1" ry="1" />
  </Icon>
);

export const StarIcon = ({ size }: IconProps) => (
  <Icon name="star" size={size}>
    <path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z" />
  </Icon>
);

export const FileTextIcon = ({ size }: IconProps) => (
  <Icon name="file-text" size={size}>
    <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" />
    <path d="M14 2v6h6M16 13H8M16 17H8M10 9H8" />
  </Icon>
);
