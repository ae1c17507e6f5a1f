import { describe, expect, it } from 'vitest';
import { message } from '../../../i18n/format.js';
import { PERMISSIONS } from '../../auth/permissions.js';
import { STAGES } from '../stages.js';
import {
  allowed,
  bulkGates,
  clearGate,
  editGate,
  faxGate,
  type Gate,
  markPrintedGate,
  printPreviewGate,
} from './actionGates.js';

const ALL = new Set<string>(PERMISSIONS);
/** The demo dictator: view only (apps/server/src/demo/people.ts). */
const DICTATOR = new Set(['jobView', 'jobViewDetails', 'jobViewText', 'adtView']);
const without = (...perms: string[]) => new Set([...ALL].filter((p) => !perms.includes(p)));
const reason = (gate: Gate) =>
  gate.shown && gate.disabledBy ? message(gate.disabledBy.key, gate.disabledBy.values) : null;

describe('action gates', () => {
  it('fax needs jobFax, with the spec’s message', () => {
    expect(allowed(faxGate(ALL))).toBe(true);
    expect(reason(faxGate(without('jobFax')))).toBe('You do not have the required permissions to fax a job');
  });

  it('clear needs distributionJobActionsQueue, with the spec’s message', () => {
    expect(allowed(clearGate(ALL))).toBe(true);
    expect(reason(clearGate(without('distributionJobActionsQueue')))).toBe(
      'You do not have permission to clear manually distributed jobs from the list',
    );
  });

  it('mark as printed needs jobViewText and distributionJobActionsQueue', () => {
    expect(allowed(markPrintedGate(ALL))).toBe(true);
    for (const missing of ['jobViewText', 'distributionJobActionsQueue'])
      expect(reason(markPrintedGate(without(missing)))).toBe(
        'You do not have permission to mark jobs as printed.',
      );
    expect(allowed(markPrintedGate(DICTATOR))).toBe(false);
  });

  it('print preview is hidden without jobViewText and shows one job', () => {
    expect(printPreviewGate(without('jobViewText'))).toEqual({ shown: false });
    expect(allowed(printPreviewGate(ALL, 1))).toBe(true);
    expect(reason(printPreviewGate(ALL, 2))).toBe('Print Preview shows one job: check only one job');
  });

  it('edit is hidden without jobEdit and disabled, saying why, on a Finished or cancelled job', () => {
    expect(editGate(without('jobEdit'), { jobId: 7, stageId: STAGES.transcription.id })).toEqual({
      shown: false,
    });
    expect(allowed(editGate(ALL, { jobId: 7, stageId: STAGES.transcription.id }))).toBe(true);
    expect(reason(editGate(ALL, { jobId: 7, stageId: STAGES.finished.id }))).toBe(
      'Job 7 is Finished and can no longer be edited.',
    );
    expect(allowed(editGate(ALL, { jobId: 7, stageId: STAGES.cancelled.id }))).toBe(false);
  });

  it('bulk gates: the dictator sees fax, mark as printed and clear disabled with their reasons', () => {
    const gates = bulkGates(DICTATOR, [1], 'pending');
    expect(allowed(gates.viewPdf) && allowed(gates.save) && allowed(gates.printPreview)).toBe(true);
    expect(reason(gates.fax)).toBe('You do not have the required permissions to fax a job');
    expect(reason(gates.markPrinted)).toBe('You do not have permission to mark jobs as printed.');
    expect(reason(gates.clear)).toBe(
      'You do not have permission to clear manually distributed jobs from the list',
    );
  });

  it('bulk gates: the manager may use everything; clear is offered on the pending list only', () => {
    const gates = bulkGates(ALL, [1], 'pending');
    expect(Object.values(gates).every(allowed)).toBe(true);
    expect(bulkGates(ALL, [1], 'all').clear).toEqual({ shown: false });
  });

  it('bulk gates: more than ten jobs disable view, save, copy and fax (permission first)', () => {
    const ids = Array.from({ length: 11 }, (_, i) => i + 1);
    const gates = bulkGates(ALL, ids, 'pending');
    for (const a of ['viewPdf', 'viewRtf', 'save', 'copy', 'fax'] as const)
      expect(reason(gates[a])).toBe('Too many Jobs are selected (Max 10)');
    expect(allowed(gates.markPrinted) && allowed(gates.clear)).toBe(true);
    expect(reason(bulkGates(without('jobFax'), ids, 'pending').fax)).toBe(
      'You do not have the required permissions to fax a job',
    );
  });
});
