import { type IconProps, LineIcon } from '../../../lib/LineIcon';

/** An "i" in a circle: opens a physician's details. */
export const InfoIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.01" />
  </LineIcon>
);

/** A cross: removes a value. */
export const RemoveIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </LineIcon>
);
