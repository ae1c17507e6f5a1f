import { describe, expect, it } from 'vitest';
import { STAGES } from '../jobList/stages.js';
import { isFinalForUpload, UPLOAD_FINAL_STAGE_IDS } from './uploadFinal.js';

describe('isFinalForUpload', () => {
  it('holds Finished, Cancelled and every distribution stage final; the working stages are not', () => {
    const final = Object.values(STAGES).filter((s) => isFinalForUpload({ stageId: s.id, signedAt: null }));
    expect(final.map((s) => s.name)).toEqual([
      'Fax Failed',
      'Print Failed',
      'Electronic Failed',
      'Distribution Failed',
      'Pending Fax',
      'Manual Distribution',
      'Pending Electronic',
      'Finished',
      'Cancelled',
    ]);
    expect(UPLOAD_FINAL_STAGE_IDS).toHaveLength(9);
  });

  it('a job with a signed date is final in any stage (ESign waiting for a re-sign included)', () => {
    expect(isFinalForUpload({ stageId: STAGES.eSignature.id, signedAt: null })).toBe(false);
    expect(
      isFinalForUpload({ stageId: STAGES.eSignature.id, signedAt: new Date('2026-10-05T21:00:00Z') }),
    ).toBe(true);
    expect(isFinalForUpload({ stageId: STAGES.transcription.id, signedAt: '2026-10-05T21:00:00Z' })).toBe(
      true,
    );
  });

  it('a job booked out in the editor counts by the stage it came from', () => {
    const editor = STAGES.editor.id;
    expect(isFinalForUpload({ stageId: editor, signedAt: null, restoreStageId: STAGES.finished.id })).toBe(
      true,
    );
    expect(isFinalForUpload({ stageId: editor, signedAt: null, restoreStageId: STAGES.holdQueue.id })).toBe(
      false,
    );
    expect(isFinalForUpload({ stageId: editor, signedAt: null })).toBe(false);
  });
});
