import { ENDPOINTS } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf } from '../../http/session.js';
import { addDepartment } from '../../services/referenceData/facilityLists/addDepartment.js';
import { addLocation } from '../../services/referenceData/facilityLists/addLocation.js';
import { addWorkType } from '../../services/referenceData/facilityLists/addWorkType.js';
import { deleteDepartment } from '../../services/referenceData/facilityLists/deleteDepartment.js';
import { deleteLocation } from '../../services/referenceData/facilityLists/deleteLocation.js';
import { deleteWorkType } from '../../services/referenceData/facilityLists/deleteWorkType.js';
import { deleteWorkTypeTemplate } from '../../services/referenceData/facilityLists/deleteWorkTypeTemplate.js';
import { getWorkTypeTemplate } from '../../services/referenceData/facilityLists/getWorkTypeTemplate.js';
import { listDepartments } from '../../services/referenceData/facilityLists/listDepartments.js';
import { listLocations } from '../../services/referenceData/facilityLists/listLocations.js';
import { listWorkTypes } from '../../services/referenceData/facilityLists/listWorkTypes.js';
import { renameDepartment } from '../../services/referenceData/facilityLists/renameDepartment.js';
import { saveLocation } from '../../services/referenceData/facilityLists/saveLocation.js';
import { saveWorkType } from '../../services/referenceData/facilityLists/saveWorkType.js';
import { saveWorkTypeTemplate } from '../../services/referenceData/facilityLists/saveWorkTypeTemplate.js';
import { REFERENCE_EDIT, REFERENCE_VIEW } from './referenceGates.js';

const { facilityLists: lists } = ENDPOINTS;

/**
 * A facility's work types (and their templates, issue 27), departments and locations (issue 26):
 * dictatorView reads, dictatorAdd changes.
 */
export const facilityListsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, lists.workTypes, REFERENCE_VIEW, async (req) =>
      listWorkTypes(ctx, authOf(req), req.params.cfId),
    );
    serve(app, lists.addWorkType, REFERENCE_EDIT, async (req) =>
      addWorkType(ctx, authOf(req), req.params.cfId, req.body, req.ip),
    );
    serve(app, lists.saveWorkType, REFERENCE_EDIT, async (req) =>
      saveWorkType(ctx, authOf(req), req.params.cfId, req.params.workTypeId, req.body, req.ip),
    );
    serve(app, lists.deleteWorkType, REFERENCE_EDIT, async (req) =>
      deleteWorkType(ctx, authOf(req), req.params.cfId, req.params.workTypeId, req.ip),
    );
    serve(app, lists.workTypeTemplate, REFERENCE_VIEW, async (req) =>
      getWorkTypeTemplate(ctx, authOf(req), req.params.cfId, req.params.workTypeId),
    );
    serve(app, lists.saveWorkTypeTemplate, REFERENCE_EDIT, async (req) =>
      saveWorkTypeTemplate(ctx, authOf(req), req.params.cfId, req.params.workTypeId, req.body, req.ip),
    );
    serve(app, lists.deleteWorkTypeTemplate, REFERENCE_EDIT, async (req) =>
      deleteWorkTypeTemplate(ctx, authOf(req), req.params.cfId, req.params.workTypeId, req.ip),
    );

    serve(app, lists.departments, REFERENCE_VIEW, async (req) =>
      listDepartments(ctx, authOf(req), req.params.cfId),
    );
    serve(app, lists.addDepartment, REFERENCE_EDIT, async (req) =>
      addDepartment(ctx, authOf(req), req.params.cfId, req.body, req.ip),
    );
    serve(app, lists.saveDepartment, REFERENCE_EDIT, async (req) =>
      renameDepartment(ctx, authOf(req), req.params.cfId, req.params.departmentId, req.body, req.ip),
    );
    serve(app, lists.deleteDepartment, REFERENCE_EDIT, async (req) =>
      deleteDepartment(ctx, authOf(req), req.params.cfId, req.params.departmentId, req.ip),
    );

    serve(app, lists.locations, REFERENCE_VIEW, async (req) =>
      listLocations(ctx, authOf(req), req.params.cfId),
    );
    serve(app, lists.addLocation, REFERENCE_EDIT, async (req) =>
      addLocation(ctx, authOf(req), req.params.cfId, req.body, req.ip),
    );
    serve(app, lists.saveLocation, REFERENCE_EDIT, async (req) =>
      saveLocation(ctx, authOf(req), req.params.cfId, req.params.locationId, req.body, req.ip),
    );
    serve(app, lists.deleteLocation, REFERENCE_EDIT, async (req) =>
      deleteLocation(ctx, authOf(req), req.params.cfId, req.params.locationId, req.ip),
    );
  };
