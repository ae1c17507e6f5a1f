import type { HoldQueueFlag } from '@quill/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../audit/auditHash.js';
import { workingDocumentId } from '../jobEditor/currentDocument.js';

/** What a save reads of the job's documents and flags once the job is locked. */
export interface SaveDocumentState {
  /** The newest document version number (drafts too), or null for none. */
  newestVersion: number | null;
  /**
   * The working document (currentDocument.ts), or null for none: with its version and, when it is
   * an addendum (issue 43), the version it amends and why.
   */
  current: {
    id: number;
    blobKey: string;
    size: number;
    format: string;
    version: number;
    addendumOfVersion: number | null;
    addendumReason: string | null;
  } | null;
  /** The job's hold-queue flags as stored. */
  flags: HoldQueueFlag[];
}

/** The job's newest version number, current document and flags in one statement (inside the save). */
export async function readSaveDocumentState(tx: Db, jobId: number): Promise<SaveDocumentState> {
  const [row] = rowsOf<{
    newest: number | null;
    current:
      | {
          id: number | string;
          blob_key: string;
          size: number;
          format: string;
          version: number;
          addendum_of_version: number | null;
          addendum_reason: string | null;
        }
      | string
      | null;
    flags: HoldQueueFlag[] | string;
  }>(
    await tx.execute(sql`select
      (select max(version) from document_versions where job_id = ${jobId}) as newest,
      (select json_build_object('id', d.id, 'blob_key', d.blob_key, 'size', d.size, 'format', d.format,
           'version', d.version, 'addendum_of_version', d.addendum_of_version, 'addendum_reason', d.addendum_reason)
         from document_versions d where d.id = ${workingDocumentId(jobId)}) as current,
      (select coalesce(json_agg(json_build_object('code', f.code, 'description', f.description)), '[]'::json)
         from job_flags f where f.job_id = ${jobId}) as flags`),
  );
  const flags = typeof row!.flags === 'string' ? (JSON.parse(row!.flags) as HoldQueueFlag[]) : row!.flags;
  const c = typeof row!.current === 'string' ? JSON.parse(row!.current) : row!.current;
  return {
    newestVersion: row!.newest === null ? null : Number(row!.newest),
    current: c && {
      id: Number(c.id),
      blobKey: c.blob_key,
      size: c.size,
      format: c.format,
      version: Number(c.version),
      addendumOfVersion: c.addendum_of_version === null ? null : Number(c.addendum_of_version),
      addendumReason: c.addendum_reason,
    },
    flags,
  };
}
