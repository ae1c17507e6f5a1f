// The baseline of bench/api: a bare Fastify 5 + pg server doing what a job read does at its
// least — one tenant-scoped primary-key read of the jobs table (100,000 rows) answered through a
// compiled response schema — with the same pool size as Quill. No session, no audit.
// Usage: DATABASE_URL=postgres://… PORT=… node bench/baseline.mjs
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

const job = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    dictationId: { type: 'string' },
    corporateStructureId: { type: 'integer' },
    clientFacilityId: { type: 'integer' },
    dictatorId: { type: ['integer', 'null'] },
    patientId: { type: ['integer', 'null'] },
    workTypeId: { type: ['integer', 'null'] },
    stageId: { type: 'integer' },
    version: { type: 'integer' },
    stat: { type: ['string', 'null'] },
    jobNote: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    dictatedAt: { type: ['string', 'null'] },
  },
};

app.get(
  '/job',
  {
    schema: {
      querystring: {
        type: 'object',
        properties: { jobId: { type: 'integer' }, cs: { type: 'integer' } },
        required: ['jobId', 'cs'],
      },
      response: { 200: job },
    },
  },
  async (req, reply) => {
    const { rows } = await pool.query({
      name: 'job',
      text: `select id::int, dictation_id as "dictationId", corporate_structure_id as "corporateStructureId",
        client_facility_id as "clientFacilityId", dictator_id as "dictatorId", patient_id as "patientId",
        work_type_id as "workTypeId", stage_id as "stageId", version, stat, job_note as "jobNote",
        created_at as "createdAt", dictated_at as "dictatedAt"
        from jobs where id = $1 and corporate_structure_id = $2`,
      values: [req.query.jobId, req.query.cs],
    });
    if (!rows[0]) return reply.code(404).send({ message: 'not found' });
    return rows[0];
  },
);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 18300) });
console.log('baseline listening');
