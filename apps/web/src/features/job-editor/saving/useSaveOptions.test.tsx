import type { SetJobDataRequest } from '@quill/core/contract/job';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { detailsKeys } from '../details/detailsApi';
import { jobDetails } from '../testing/jobFixtures';
import { useSaveOptions } from './useSaveOptions';

const limited = { ...jobDetails().workType!, minAddressees: 1, maxAddresseesSpecified: true };
const noAddressees = { ...limited, id: 6, name: 'Letter', enableAddressee: false, minAddressees: 0 };

function render(jobData: SetJobDataRequest | null) {
  const client = new QueryClient();
  client.setQueryData(detailsKeys.workTypes(10), [limited, noAddressees]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const details = jobDetails({ workType: limited, recipients: [] });
  return renderHook(() => useSaveOptions(details, jobData), { wrapper }).result.current;
}

describe('save options of the job as edited (spec 02 §5)', () => {
  it('hides move on while the loaded work type wants an addressee the job lacks', () => {
    expect(render(null)).toEqual({
      modes: ['saveOnly', 'hold', 'recheck', 'draft'],
      limit: 'notEnoughAddressees',
    });
  });

  it('offers move on again as soon as a work type without addressees is chosen', () => {
    const chosen = { workTypeId: noAddressees.id } as SetJobDataRequest;
    expect(render(chosen)).toEqual({
      modes: ['saveOnly', 'moveOn', 'hold', 'recheck', 'draft'],
      limit: null,
    });
  });

  it('counts the addressees as edited in the Recipients card', () => {
    const added = {
      workTypeId: limited.id,
      recipients: [{ physicianId: 7, isAddressee: true, isPatient: false, removed: false }],
    } as SetJobDataRequest;
    expect(render(added).limit).toBeNull();
    const removed = {
      ...added,
      recipients: [{ id: 1, physicianId: 7, isAddressee: true, isPatient: false, removed: true }],
    } as SetJobDataRequest;
    expect(render(removed).limit).toBe('notEnoughAddressees');
  });
});
