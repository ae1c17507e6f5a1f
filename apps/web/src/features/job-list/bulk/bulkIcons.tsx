import { type IconProps, LineIcon } from '../../../lib/LineIcon';

/* Line icons of the bulk actions menu (24-unit grid, current text colour); decorative only. */

export const ViewIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </LineIcon>
);

export const FileTextIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M8 13h8M8 17h6" />
  </LineIcon>
);

export const SaveIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </LineIcon>
);

export const PrinterIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M7 9V3h10v6" />
    <rect x="3" y="9" width="18" height="8" rx="2" />
    <path d="M7 14h10v7H7z" />
  </LineIcon>
);

export const PreviewIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h5" />
    <path d="M14 3v6h6v3" />
    <circle cx="17" cy="17" r="3" />
    <path d="M21 21l-1.8-1.8" />
  </LineIcon>
);

export const FaxIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <rect x="8" y="3" width="12" height="18" rx="2" />
    <path d="M4 7v14M11 7h6M11 11h6M11 15h2M15 15h2" />
  </LineIcon>
);

export const CheckIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 12l5 5L20 6" />
  </LineIcon>
);

export const ClearIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </LineIcon>
);

export const RetryIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
  </LineIcon>
);
