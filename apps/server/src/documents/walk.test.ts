import { describe, expect, it } from 'vitest';
import { runWalk, type Walk } from './walk.js';

interface Node {
  children: Node[];
}

/** A chain of `depth` nodes, each the only child of the one before. */
function chain(depth: number): Node {
  let node: Node = { children: [] };
  for (let i = 1; i < depth; i++) node = { children: [node] };
  return node;
}

function* depthOf(node: Node): Walk<number> {
  let deepest = 0;
  for (const c of node.children) deepest = Math.max(deepest, (yield depthOf(c)) as number);
  return deepest + 1;
}

describe('runWalk', () => {
  it('walks a tree far deeper than the call stack allows, with each sub-walk answering its yield', () => {
    expect(runWalk(depthOf(chain(200_000)))).toBe(200_000);
    const wide: Node = { children: [chain(3), chain(5), { children: [] }] };
    expect(runWalk(depthOf(wide))).toBe(6);
  });
});
