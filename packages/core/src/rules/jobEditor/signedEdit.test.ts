import { describe, expect, it } from 'vitest';
import { STAGES } from '../jobList/stages.js';
import { signedEditOutcome } from './signedEdit.js';

const signed = new Date('2026-10-06T01:00:00Z');
const edit = (over: Partial<Parameters<typeof signedEditOutcome>[0]> = {}) =>
  signedEditOutcome({
    signedAt: signed,
    forceResign: false,
    stageId: STAGES.manualDistribution.id,
    narrativeChanged: true,
    ...over,
  });

describe('a signed text is never changed silently', () => {
  it('a narrative change of a signed job waiting for distribution forces re-sign and sends it to ES', () => {
    expect(edit()).toEqual({ forceResign: true, stageId: STAGES.eSignature.id });
    for (const stage of [4, 5, 6, 7, 8, 10, 11])
      expect(edit({ stageId: stage })).toEqual({ forceResign: true, stageId: STAGES.eSignature.id });
  });

  it('a job before distribution keeps its stage (its move on goes to ES by force re-sign)', () => {
    for (const stage of [STAGES.holdQueue.id, STAGES.transcription.id, STAGES.finished.id])
      expect(edit({ stageId: stage })).toEqual({ forceResign: true, stageId: stage });
  });

  it('a data-only save, an unsigned job or one already waiting for re-sign is left alone', () => {
    expect(edit({ narrativeChanged: false })).toBeNull();
    expect(edit({ signedAt: null })).toBeNull();
    expect(edit({ forceResign: true })).toBeNull();
  });
});
