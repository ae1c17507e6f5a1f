import { useCallback, useState } from 'react';
import { readExpandDetails, writeExpandDetails } from '../view/jobListStorage';

/** Spec 01 §9: whether an expanded row's details panel opens expanded (localStorage expandDetials). */
export function useExpandDetails(): [boolean, (expanded: boolean) => void] {
  const [expanded, setExpanded] = useState(readExpandDetails);
  const set = useCallback((next: boolean) => {
    setExpanded(next);
    writeExpandDetails(next);
  }, []);
  return [expanded, set];
}
