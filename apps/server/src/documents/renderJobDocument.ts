/**
 * @deprecated Moved to services/documents/renderJobDocument.ts (it loads data; documents/ is pure).
 * Kept only so routes/documents/importDocument.int.test.ts, which route helpers own, still builds;
 * delete it when that test imports from services/.
 */
export { type RenderedDocument, renderJobDocument } from '../services/documents/renderJobDocument.js';
