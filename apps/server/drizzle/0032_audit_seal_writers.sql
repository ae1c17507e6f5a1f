-- Issue 41: the sealer proves a candidate final once the transactions writing audit rows in this
-- database when it was read have ended, not once the whole server's oldest transaction has
-- (apps/server/src/services/audit/sealAuditTrail.ts; docs/decisions.md, "Tamper-evident audit trail").
ALTER TABLE "audit_seal_state" ADD COLUMN IF NOT EXISTS "candidate_writers" text;
