import { type IconProps, LineIcon } from '../../../lib/LineIcon';

/*
 * The few line icons the list uses (24-unit grid, drawn with the current text colour). Decorative:
 * every control that shows one has a text label or an aria-label.
 */

export const ChevronRightIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M9 6l6 6-6 6" />
  </LineIcon>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M15 6l-6 6 6 6" />
  </LineIcon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M6 9l6 6 6-6" />
  </LineIcon>
);

export const ArrowUpIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </LineIcon>
);

export const ArrowDownIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </LineIcon>
);

export const SortIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M8 9l4-4 4 4M8 15l4 4 4-4" />
  </LineIcon>
);

export const SearchIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="10" cy="10" r="6" />
    <path d="M20 20l-5.5-5.5" />
  </LineIcon>
);

export const ReloadIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
  </LineIcon>
);

export const ResetIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 13a8 8 0 1 0 2.3-5.7M4 4v5h5" />
  </LineIcon>
);

export const DownloadIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </LineIcon>
);

export const ColumnsIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M10 4v16M15 4v16" />
  </LineIcon>
);

export const GroupIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 6h16M8 12h12M8 18h12M4 12v6" />
  </LineIcon>
);

export const ListCheckIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 7l2 2 3-3M4 15l2 2 3-3M12 8h8M12 16h8" />
  </LineIcon>
);

export const NoteIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5M9 13h7M9 17h5" />
  </LineIcon>
);

export const PencilIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </LineIcon>
);

export const SignatureIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M3 17c3 0 4-9 6-9s-1 9 2 9 3-4 5-4 1 4 5 4" />
    <path d="M3 21h18" />
  </LineIcon>
);

export const FaxIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M7 9V3h10v6" />
    <rect x="3" y="9" width="18" height="8" rx="2" />
    <path d="M7 14h10v7H7z" />
  </LineIcon>
);
