import type { SVGProps } from 'react';

/** Props of a line icon: any SVG attribute, and its size in pixels. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * The frame of every line icon of the app (24-unit grid, drawn with the current text colour).
 * Decorative: every control that shows one has a text label or an aria-label.
 */
export function LineIcon({ size = 16, children, ...rest }: IconProps) {
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
      {...rest}
    >
      {children}
    </svg>
  );
}
