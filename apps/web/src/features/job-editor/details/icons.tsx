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

/** A magnifier: opens the Physician modal's search. */
export const SearchIcon = (p: IconProps) => (
  <LineIcon {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </LineIcon>
);
