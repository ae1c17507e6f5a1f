import {
  AdtItemChangeSchema,
  AdtItemParamsSchema,
  AdtItemRowSchema,
  AdtItemsSchema,
  AdtSearchChangeSchema,
  AdtSearchesSchema,
  AdtSearchParamsSchema,
  AdtSearchRowSchema,
  AdtSetupDeletedSchema,
  HoldQueueRuleChangeSchema,
  HoldQueueRuleEnabledSchema,
  HoldQueueRuleParamsSchema,
  HoldQueueRuleRowSchema,
  HoldQueueRulesSchema,
  NewAdtItemSchema,
  NewHoldQueueRuleSchema,
} from '../adt/adtSetup.js';
import { type Endpoint, endpoint } from '../endpoint.js';
import { FacilityIdParamsSchema } from '../referenceData.js';

const tags = ['reference'] as const;

/**
 * Reference data ▸ Hold-queue rules, ADT data and ADT searches of one client facility (issue 26).
 * GETs need dictatorView, POSTs dictatorAdd; a facility outside the account's structures is 404.
 */
export const ADT_SETUP = {
  holdQueueRules: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/holdQueueRules',
    tags,
    params: FacilityIdParamsSchema,
    answer: HoldQueueRulesSchema,
  }),
  addHoldQueueRule: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/holdQueueRules',
    tags,
    params: FacilityIdParamsSchema,
    body: NewHoldQueueRuleSchema,
    answer: HoldQueueRuleRowSchema,
  }),
  saveHoldQueueRule: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/holdQueueRules/{ruleId}',
    tags,
    params: HoldQueueRuleParamsSchema,
    body: HoldQueueRuleChangeSchema,
    answer: HoldQueueRuleRowSchema,
  }),
  setHoldQueueRuleEnabled: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/holdQueueRules/{ruleId}/enabled',
    tags,
    summary: 'Turns a hold-queue rule on or off from the next save of a job.',
    params: HoldQueueRuleParamsSchema,
    body: HoldQueueRuleEnabledSchema,
    answer: HoldQueueRuleRowSchema,
  }),
  deleteHoldQueueRule: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/holdQueueRules/{ruleId}/delete',
    tags,
    params: HoldQueueRuleParamsSchema,
    answer: AdtSetupDeletedSchema,
  }),
  adtDefinitions: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/adtDefinitions',
    tags,
    params: FacilityIdParamsSchema,
    answer: AdtItemsSchema,
  }),
  addAdtDefinition: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/adtDefinitions',
    tags,
    params: FacilityIdParamsSchema,
    body: NewAdtItemSchema,
    answer: AdtItemRowSchema,
  }),
  saveAdtDefinition: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/adtDefinitions/{definitionId}',
    tags,
    summary: 'Changes an ADT data item; a structure item changes for every facility of the structure.',
    params: AdtItemParamsSchema,
    body: AdtItemChangeSchema,
    answer: AdtItemRowSchema,
  }),
  deleteAdtDefinition: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/adtDefinitions/{definitionId}/delete',
    tags,
    params: AdtItemParamsSchema,
    answer: AdtSetupDeletedSchema,
  }),
  adtSearches: endpoint({
    method: 'GET',
    path: '/api/reference/{cfId}/adtSearches',
    tags,
    params: FacilityIdParamsSchema,
    answer: AdtSearchesSchema,
  }),
  addAdtSearch: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/adtSearches',
    tags,
    params: FacilityIdParamsSchema,
    body: AdtSearchChangeSchema,
    answer: AdtSearchRowSchema,
  }),
  saveAdtSearch: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/adtSearches/{searchId}',
    tags,
    params: AdtSearchParamsSchema,
    body: AdtSearchChangeSchema,
    answer: AdtSearchRowSchema,
  }),
  deleteAdtSearch: endpoint({
    method: 'POST',
    path: '/api/reference/{cfId}/adtSearches/{searchId}/delete',
    tags,
    params: AdtSearchParamsSchema,
    answer: AdtSetupDeletedSchema,
  }),
} satisfies Record<string, Endpoint>;
