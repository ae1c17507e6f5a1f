import { ENDPOINTS } from '@quill/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { serve } from '../../http/serve.js';
import { authOf } from '../../http/session.js';
import { addAdtDefinition } from '../../services/referenceData/adtSetup/addAdtDefinition.js';
import { addAdtSearch } from '../../services/referenceData/adtSetup/addAdtSearch.js';
import { addHoldQueueRule } from '../../services/referenceData/adtSetup/addHoldQueueRule.js';
import { deleteAdtDefinition } from '../../services/referenceData/adtSetup/deleteAdtDefinition.js';
import { deleteAdtSearch } from '../../services/referenceData/adtSetup/deleteAdtSearch.js';
import { deleteHoldQueueRule } from '../../services/referenceData/adtSetup/deleteHoldQueueRule.js';
import { listAdtDefinitions } from '../../services/referenceData/adtSetup/listAdtDefinitions.js';
import { listAdtSearches } from '../../services/referenceData/adtSetup/listAdtSearches.js';
import { listHoldQueueRules } from '../../services/referenceData/adtSetup/listHoldQueueRules.js';
import { saveAdtDefinition } from '../../services/referenceData/adtSetup/saveAdtDefinition.js';
import { saveAdtSearch } from '../../services/referenceData/adtSetup/saveAdtSearch.js';
import { saveHoldQueueRule } from '../../services/referenceData/adtSetup/saveHoldQueueRule.js';
import { setHoldQueueRuleEnabled } from '../../services/referenceData/adtSetup/setHoldQueueRuleEnabled.js';
import { REFERENCE_EDIT, REFERENCE_VIEW } from './referenceGates.js';

const { adtSetup } = ENDPOINTS;

/** Reference data ▸ Hold-queue rules, ADT data and ADT searches of a facility (issue 26). */
export const adtSetupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Hold-queue rules
    serve(app, adtSetup.holdQueueRules, REFERENCE_VIEW, async (req) =>
      listHoldQueueRules(ctx, authOf(req), req.params.cfId),
    );
    serve(app, adtSetup.addHoldQueueRule, REFERENCE_EDIT, async (req) =>
      addHoldQueueRule(ctx, authOf(req), req.params.cfId, req.body, req.ip),
    );
    serve(app, adtSetup.saveHoldQueueRule, REFERENCE_EDIT, async (req) =>
      saveHoldQueueRule(ctx, authOf(req), req.params.cfId, req.params.ruleId, req.body, req.ip),
    );
    serve(app, adtSetup.setHoldQueueRuleEnabled, REFERENCE_EDIT, async (req) =>
      setHoldQueueRuleEnabled(ctx, authOf(req), req.params.cfId, req.params.ruleId, req.body.enabled, req.ip),
    );
    serve(app, adtSetup.deleteHoldQueueRule, REFERENCE_EDIT, async (req) =>
      deleteHoldQueueRule(ctx, authOf(req), req.params.cfId, req.params.ruleId, req.ip),
    );

    // ADT data items
    serve(app, adtSetup.adtDefinitions, REFERENCE_VIEW, async (req) =>
      listAdtDefinitions(ctx, authOf(req), req.params.cfId),
    );
    serve(app, adtSetup.addAdtDefinition, REFERENCE_EDIT, async (req) =>
      addAdtDefinition(ctx, authOf(req), req.params.cfId, req.body, req.ip),
    );
    serve(app, adtSetup.saveAdtDefinition, REFERENCE_EDIT, async (req) =>
      saveAdtDefinition(ctx, authOf(req), req.params.cfId, req.params.definitionId, req.body, req.ip),
    );
    serve(app, adtSetup.deleteAdtDefinition, REFERENCE_EDIT, async (req) =>
      deleteAdtDefinition(ctx, authOf(req), req.params.cfId, req.params.definitionId, req.ip),
    );

    // ADT searches
    serve(app, adtSetup.adtSearches, REFERENCE_VIEW, async (req) =>
      listAdtSearches(ctx, authOf(req), req.params.cfId),
    );
    serve(app, adtSetup.addAdtSearch, REFERENCE_EDIT, async (req) =>
      addAdtSearch(ctx, authOf(req), req.params.cfId, req.body, req.ip),
    );
    serve(app, adtSetup.saveAdtSearch, REFERENCE_EDIT, async (req) =>
      saveAdtSearch(ctx, authOf(req), req.params.cfId, req.params.searchId, req.body, req.ip),
    );
    serve(app, adtSetup.deleteAdtSearch, REFERENCE_EDIT, async (req) =>
      deleteAdtSearch(ctx, authOf(req), req.params.cfId, req.params.searchId, req.ip),
    );
  };
