import {
  adtDefinitions,
  adtSearchConfigurations,
  clientFacilities,
  corporateStructures,
  departments,
  holdQueueRules,
  locations,
  serviceCentres,
  workTypes,
} from '../db/schema/index.js';
import {
  ADT_FIELDS,
  FACILITY_OVERRIDES,
  ORDER_FIELDS,
  overridesAdt,
  PHYSICIAN_FIELDS,
  searchConfigurations,
  usesOrders,
} from './adt.js';
import type { IdCounter } from './ids.js';
import { type Executor, insertRows } from './insert.js';
import { type FacilityModel, iso, REFERENCE_TIME, type StructureModel, type WorkTypeModel } from './model.js';
import { FACILITY_WORK_TYPE, REGIONS, RULE_PARAMS, RULES, WORK_TYPES } from './pools/catalogue.js';
import { AREA_CODES, DEPARTMENTS, FACILITY_KINDS, LOCATIONS, TOWNS } from './pools/names.js';
import type { Rng } from './prng.js';

export interface Organisation {
  structures: StructureModel[];
  facilities: FacilityModel[];
}

/**
 * Creates the two corporate structures: a big one with `bigFacilities` client facilities under
 * service centres (five facilities a centre) and a small one with a single facility; each with
 * work types, departments, locations, ADT definitions, search configurations and hold-queue rules.
 */
export async function seedOrganisation(
  tx: Executor,
  ids: IdCounter,
  rng: Rng,
  bigFacilities: number,
): Promise<Organisation> {
  const created = iso(REFERENCE_TIME - 400 * 86_400_000);
  const specs = [
    { name: 'Meridian Valley Health', code: 'MVH', big: true, facilities: bigFacilities },
    { name: 'Kestrel Bay Family Practice', code: 'KBFP', big: false, facilities: 1 },
  ];
  const structures: StructureModel[] = [];
  const facilities: FacilityModel[] = [];
  const rows = {
    cs: [] as (typeof corporateStructures.$inferInsert)[],
    sc: [] as (typeof serviceCentres.$inferInsert)[],
    cf: [] as (typeof clientFacilities.$inferInsert)[],
    wt: [] as (typeof workTypes.$inferInsert)[],
    dep: [] as (typeof departments.$inferInsert)[],
    loc: [] as (typeof locations.$inferInsert)[],
    adt: [] as (typeof adtDefinitions.$inferInsert)[],
    search: [] as (typeof adtSearchConfigurations.$inferInsert)[],
    rules: [] as (typeof holdQueueRules.$inferInsert)[],
  };
  let townIndex = 0;
  for (const spec of specs) {
    const cs: StructureModel = {
      id: ids.next(corporateStructures),
      name: spec.name,
      code: spec.code,
      big: spec.big,
    };
    structures.push(cs);
    rows.cs.push({
      id: cs.id,
      name: cs.name,
      companyNameId: `${cs.name} (${cs.code})`,
      createdAt: new Date(created),
    });
    const structureWorkTypes = WORK_TYPES.map((w) => ({ ...w, id: ids.next(workTypes) }));
    for (const w of structureWorkTypes) rows.wt.push(workTypeRow(w, cs.id, null));
    for (const def of [...ADT_FIELDS, ...PHYSICIAN_FIELDS])
      rows.adt.push({ ...def, corporateStructureId: cs.id, clientFacilityId: null });

    const centreCount = Math.max(1, Math.ceil(spec.facilities / 5));
    const centreIds: number[] = [];
    for (let c = 0; c < centreCount; c++) {
      const id = ids.next(serviceCentres);
      centreIds.push(id);
      const region = spec.big ? REGIONS[c % REGIONS.length] : 'Main';
      const suffix = c >= REGIONS.length ? ` ${Math.floor(c / REGIONS.length) + 1}` : '';
      rows.sc.push({
        id,
        corporateStructureId: cs.id,
        name: `${spec.name} ${region}${suffix} Service Centre`,
        companyNameId: `${spec.code}-SC${c + 1}`,
      });
    }
    for (let f = 0; f < spec.facilities; f++) {
      const index = facilities.length;
      const town = TOWNS[townIndex++ % TOWNS.length] as string;
      const name = spec.big ? `${town} ${FACILITY_KINDS[f % FACILITY_KINDS.length]}` : spec.name;
      const code = `${spec.code}-CF${String(f + 1).padStart(2, '0')}`;
      const own = spec.big && f % 4 === 3 ? [{ ...FACILITY_WORK_TYPE, id: ids.next(workTypes) }] : [];
      const facility: FacilityModel = {
        id: ids.next(clientFacilities),
        index,
        structure: cs,
        serviceCentreId: centreIds[Math.floor(f / 5)] ?? (centreIds[0] as number),
        name,
        code,
        faxNumber: `${rng.pick(AREA_CODES)} 555 01${String(rng.int(0, 99)).padStart(2, '0')}`,
        attachmentsEnabled: !spec.big || f % 2 === 0,
        timeZone: f % 7 === 6 ? 'America/Chicago' : 'America/New_York',
        usesOrders: usesOrders(spec.big, f),
        // One facility of the big structure has no ADT search, so "Search disabled" can be shown.
        adtSearch: !(spec.big && f === 1),
        workTypes: [...structureWorkTypes, ...own],
        departmentIds: [],
        locationIds: [],
        rules: RULES.map((r) => ({ ...r, enabled: !(r.kind === 'emptySection' && f % 5 === 4) })),
        weight: spec.big ? 0.6 + rng.next() * 0.8 : 0,
      };
      facilities.push(facility);
      rows.cf.push({
        id: facility.id,
        corporateStructureId: cs.id,
        serviceCentreId: facility.serviceCentreId,
        name,
        companyNameId: code,
        attachmentsEnabled: facility.attachmentsEnabled,
        faxNumber: facility.faxNumber,
        timeZone: facility.timeZone,
      });
      const ownAdt = [
        ...(facility.usesOrders ? ORDER_FIELDS : []),
        ...(overridesAdt(spec.big, f) ? FACILITY_OVERRIDES : []),
      ];
      for (const def of ownAdt)
        rows.adt.push({ ...def, corporateStructureId: cs.id, clientFacilityId: facility.id });
      for (const w of own) rows.wt.push(workTypeRow(w, cs.id, facility.id));
      for (const dep of rng.sample(DEPARTMENTS, rng.int(4, 7))) {
        const id = ids.next(departments);
        facility.departmentIds.push(id);
        rows.dep.push({ id, clientFacilityId: facility.id, name: dep });
      }
      for (const [locCode, locName] of rng.sample(LOCATIONS, rng.int(3, 6))) {
        const id = ids.next(locations);
        facility.locationIds.push(id);
        rows.loc.push({
          id,
          clientFacilityId: facility.id,
          code: locCode,
          name: locName,
          auto: rng.chance(0.2),
        });
      }
      for (const r of facility.rules) {
        rows.rules.push({
          id: ids.next(holdQueueRules),
          clientFacilityId: facility.id,
          ...r,
          params: RULE_PARAMS[r.kind] ?? {},
        });
      }
      if (facility.adtSearch) {
        for (const s of searchConfigurations())
          rows.search.push({ ...s, id: ids.next(adtSearchConfigurations), clientFacilityId: facility.id });
      }
    }
  }
  // The small structure gets about 6% of the jobs.
  const bigWeight = facilities.reduce((n, f) => n + f.weight, 0);
  for (const f of facilities) if (!f.structure.big) f.weight = (bigWeight * 0.06) / 0.94;
  for (const def of rows.adt) def.id = ids.next(adtDefinitions);

  await insertRows(tx, corporateStructures, rows.cs);
  await insertRows(tx, serviceCentres, rows.sc);
  await insertRows(tx, clientFacilities, rows.cf);
  await insertRows(tx, workTypes, rows.wt);
  await insertRows(tx, departments, rows.dep);
  await insertRows(tx, locations, rows.loc);
  await insertRows(tx, adtDefinitions, rows.adt);
  await insertRows(tx, adtSearchConfigurations, rows.search);
  await insertRows(tx, holdQueueRules, rows.rules);
  return { structures, facilities };
}

function workTypeRow(
  w: WorkTypeModel,
  structureId: number,
  facilityId: number | null,
): typeof workTypes.$inferInsert {
  return {
    id: w.id,
    corporateStructureId: structureId,
    clientFacilityId: facilityId,
    name: w.name,
    number: w.number,
    enableAddressee: w.enableAddressee,
    minAddressees: w.minAddressees,
    maxAddressees: w.maxAddressees,
    allowPatientAsRecipient: w.allowPatientAsRecipient,
  };
}
