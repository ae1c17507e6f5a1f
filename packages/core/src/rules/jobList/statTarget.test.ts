import { describe, expect, it } from 'vitest';
import { listRow } from '../../testing/jobListRow.js';
import { STAGES } from './stages.js';
import { dictationToFinishedMinutes, isPastStatTarget } from './statTarget.js';

const dictated = '2026-11-02T10:00:00.000Z';
const at = (minutes: number) => Date.parse(dictated) + minutes * 60_000;
const stat = (over: Parameters<typeof listRow>[1] = {}) =>
  listRow(1, {
    stat: true,
    statBool: true,
    stageId: STAGES.transcription.id,
    stageName: 'Transcription',
    dictatedDate: dictated,
    statTargetMinutes: 120,
    ...over,
  });

describe('STAT past its target turnaround (issue 27)', () => {
  it('counts an unfinished STAT job until now, past the target only once it exceeds it', () => {
    expect(dictationToFinishedMinutes(stat(), at(90.5))).toBe(90);
    expect(isPastStatTarget(stat(), at(120))).toBe(false);
    expect(isPastStatTarget(stat(), at(120.99))).toBe(false);
    expect(isPastStatTarget(stat(), at(121))).toBe(true);
    // The editor stage and the hold queue are still being worked on.
    expect(isPastStatTarget(stat({ stageId: STAGES.editor.id }), at(200))).toBe(true);
    expect(isPastStatTarget(stat({ stageId: STAGES.holdQueue.id }), at(200))).toBe(true);
  });

  it('reads a finished job’s kept turnaround, whatever the time now', () => {
    const finished = (minutes: number) =>
      stat({ stageId: STAGES.finished.id, stageName: 'Finished', tatFinishedMinutes: minutes });
    expect(isPastStatTarget(finished(121), at(121))).toBe(true);
    expect(isPastStatTarget(finished(120), at(100_000))).toBe(false);
    // Sent back to the hold queue after e-signature: finished_at is kept, so is its turnaround.
    expect(isPastStatTarget(stat({ stageId: STAGES.holdQueue.id, tatFinishedMinutes: 30 }), at(500))).toBe(
      false,
    );
  });

  it('follows the facility’s own target', () => {
    expect(isPastStatTarget(stat({ statTargetMinutes: 60 }), at(61))).toBe(true);
    expect(isPastStatTarget(stat({ statTargetMinutes: 240 }), at(200))).toBe(false);
  });

  it('never marks a routine job, a cancelled one, or one whose times are not known', () => {
    expect(isPastStatTarget(stat({ stat: false, statBool: false }), at(10_000))).toBe(false);
    expect(isPastStatTarget(stat({ stageId: STAGES.cancelled.id }), at(10_000))).toBe(false);
    expect(isPastStatTarget(stat({ dictatedDate: null }), at(10_000))).toBe(false);
    // At a finished stage without a finished time (it got there before turnaround was stamped).
    expect(dictationToFinishedMinutes(stat({ stageId: STAGES.eSignature.id }), at(10_000))).toBeNull();
    expect(isPastStatTarget(stat({ stageId: STAGES.finished.id }), at(10_000))).toBe(false);
    // A target the header did not carry (NaN) highlights nothing.
    expect(isPastStatTarget(stat({ statTargetMinutes: Number.NaN }), at(10_000))).toBe(false);
  });
});
