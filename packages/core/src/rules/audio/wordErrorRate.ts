/**
 * Word error rate (issue 27): how far a speech recognizer's draft is from what was said, the
 * standard measure of recognition — (substitutions + deletions + insertions) / words said, by the
 * word-level edit distance. Used by the recognition tests and benchmarks; never logs the words.
 */

/** What a word error rate is made of. */
export interface WordErrorRate {
  /** Words in the reference (what was said). */
  words: number;
  substitutions: number;
  deletions: number;
  insertions: number;
  /** (substitutions + deletions + insertions) / words; 0 for two empty texts, 1 per word inserted into an empty reference. */
  rate: number;
}

/** A text's words as recognition is scored: lower case, letters, digits and apostrophes only. */
export function scoringWords(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

/**
 * The word error rate of `hypothesis` against `reference` (both plain text; case and punctuation
 * do not count). The counts are those of one minimal alignment, preferring substitutions.
 */
export function wordErrorRate(reference: string, hypothesis: string): WordErrorRate {
  const ref = scoringWords(reference);
  const hyp = scoringWords(hypothesis);
  type Cell = { cost: number; s: number; d: number; i: number };
  let previous: Cell[] = hyp.map((_, j) => ({ cost: j + 1, s: 0, d: 0, i: j + 1 }));
  previous.unshift({ cost: 0, s: 0, d: 0, i: 0 });
  for (let r = 1; r <= ref.length; r++) {
    const row: Cell[] = [{ cost: r, s: 0, d: r, i: 0 }];
    for (let h = 1; h <= hyp.length; h++) {
      const diagonal = previous[h - 1]!;
      const same = ref[r - 1] === hyp[h - 1];
      const substitute = {
        ...diagonal,
        cost: diagonal.cost + (same ? 0 : 1),
        s: diagonal.s + (same ? 0 : 1),
      };
      const up = previous[h]!;
      const remove = { ...up, cost: up.cost + 1, d: up.d + 1 };
      const left = row[h - 1]!;
      const insert = { ...left, cost: left.cost + 1, i: left.i + 1 };
      let best = substitute;
      if (remove.cost < best.cost) best = remove;
      if (insert.cost < best.cost) best = insert;
      row.push(best);
    }
    previous = row;
  }
  const last = previous[hyp.length]!;
  const errors = last.s + last.d + last.i;
  return {
    words: ref.length,
    substitutions: last.s,
    deletions: last.d,
    insertions: last.i,
    rate: ref.length === 0 ? (hyp.length === 0 ? 0 : hyp.length) : errors / ref.length,
  };
}
