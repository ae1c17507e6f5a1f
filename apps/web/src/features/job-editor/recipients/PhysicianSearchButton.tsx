import { ActionIcon } from '@mantine/core';
import type { JobViewDetails, Physician } from '@quill/core/contract/job';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { detailsKeys, fetchPhysician } from '../details/detailsApi';
import { SearchIcon } from '../details/icons';
import { PhysicianModal } from './PhysicianModal';
import type { PhysicianRole } from './physicianApi';
import { physicianOf } from './physicianDetails';
import { usePhysicianScope } from './physicianScope';

/** A physician as the job names it, or with every detail. */
type CurrentPhysician = NonNullable<JobViewDetails['dictator']> | Physician;

const isFull = (p: CurrentPhysician): p is Physician => 'userIdSpecified' in p;

export interface PhysicianSearchButtonProps {
  searchFor: PhysicianRole;
  /** The button's accessible name ('Search for Dictator', 'Change Attending Physician'). */
  label: string;
  /** The physician now chosen: pinned on top of the results (its details loaded when not at hand). */
  current: CurrentPhysician | null;
  disabled: boolean;
  /** Bottom margin (lines the button up with an input's box). */
  mb?: number;
  /** A directory physician was confirmed (a custom one only becomes one through Confirm and Save). */
  onPicked: (physician: Physician) => void;
}

/**
 * Opens the Physician modal for one physician of the job (Dictator, Dictated For, an ADT
 * physician item). Only directory physicians are taken: Confirm is disabled for a custom one.
 * Nothing is shown outside a job view's physician scope.
 */
export function PhysicianSearchButton(props: PhysicianSearchButtonProps) {
  const { searchFor, label, current, disabled, mb, onPicked } = props;
  const scope = usePhysicianScope();
  const [opened, setOpened] = useState(false);
  const userId = current?.userId ?? 0;
  const needsDetails = opened && current !== null && !isFull(current) && userId > 0;
  const full = useQuery({
    queryKey: detailsKeys.physician(userId),
    queryFn: ({ signal }) => fetchPhysician(userId, signal),
    enabled: needsDetails,
    staleTime: 60_000,
  });
  if (!scope) return null;
  const pinned = !current
    ? null
    : isFull(current)
      ? current
      : (full.data ?? { ...physicianOf({}, current.userId), ...current });
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray.8"
        aria-label={label}
        disabled={disabled}
        onClick={() => setOpened(true)}
        mb={mb}
      >
        <SearchIcon size={16} />
      </ActionIcon>
      <PhysicianModal
        opened={opened}
        onClose={() => setOpened(false)}
        searchFor={searchFor}
        pinned={pinned}
        customAllowed={false}
        onConfirm={(choice) => {
          if (choice.kind !== 'directory') return false;
          onPicked(choice.physician);
          return true;
        }}
      />
    </>
  );
}
