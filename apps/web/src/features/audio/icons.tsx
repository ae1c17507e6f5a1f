import { type IconProps, LineIcon } from '../../lib/LineIcon';

/*
 * The player's icons (24-unit grid, current text colour). Decorative: every control that shows one
 * has an aria-label.
 */

export const PlayIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
  </Svg>
);

export const PauseIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="6" y="4.5" width="4" height="15" rx="1" fill="currentColor" stroke="none" />
    <rect x="14" y="4.5" width="4" height="15" rx="1" fill="currentColor" stroke="none" />
  </Svg>
);

export const StopIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="5.5" y="5.5" width="13" height="13" rx="1.5" fill="currentColor" stroke="none" />
  </Svg>
);

export const RewindIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M11 6.5v11L3.5 12z" fill="currentColor" />
    <path d="M20.5 6.5v11L13 12z" fill="currentColor" />
  </Svg>
);

export const ForwardIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M13 6.5v11l7.5-5.5z" fill="currentColor" />
    <path d="M3.5 6.5v11L11 12z" fill="currentColor" />
  </Svg>
);

export const VolumeIcon = ({ level = 1, ...p }: IconProps & { level?: number }) => (
  <Svg {...p}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" fill="currentColor" />
    {level > 0 && <path d="M15.5 9.5a3.5 3.5 0 0 1 0 5" />}
    {level > 0.5 && <path d="M18 7a7 7 0 0 1 0 10" />}
    {level === 0 && <path d="M16 10l4 4M20 10l-4 4" />}
  </Svg>
);

export const SettingsIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
    <circle cx="15" cy="7" r="2" />
    <circle cx="9" cy="17" r="2" />
  </Svg>
);

export const PedalIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 18.5h18" />
    <path d="M5 18.5l2-9h10l2 9" />
    <path d="M9.5 9.5V13M14.5 9.5V13" />
  </Svg>
);

export const CheckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
);

function Svg(p: IconProps) {
  return <LineIcon size={18} {...p} />;
}
