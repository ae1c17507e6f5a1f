import type {
  AdtItemChange,
  AdtItemRow,
  AdtItems,
  AdtSearchChange,
  AdtSearches,
  AdtSearchRow,
  HoldQueueRuleChange,
  HoldQueueRuleRow,
  HoldQueueRules,
  NewAdtItem,
  NewHoldQueueRule,
} from '@quill/core/contract/adt/adtSetup';
import { ADT_SETUP } from '@quill/core/contract/endpoints/adtSetup';
import { callApi } from '../../../lib/api';

/**
 * The calls of the Hold-queue rules, ADT data and ADT searches sections (issue 26), and the query
 * keys their lists are kept under (a change refetches its list).
 */
export const adtSetupKeys = {
  rules: (cfId: number) => ['reference', cfId, 'holdQueueRules'] as const,
  items: (cfId: number) => ['reference', cfId, 'adtDefinitions'] as const,
  searches: (cfId: number) => ['reference', cfId, 'adtSearches'] as const,
};

export const loadRules = (cfId: number, signal?: AbortSignal): Promise<HoldQueueRules> =>
  callApi(ADT_SETUP.holdQueueRules, { params: { cfId } }, { signal });
export const addRule = (cfId: number, body: NewHoldQueueRule): Promise<HoldQueueRuleRow> =>
  callApi(ADT_SETUP.addHoldQueueRule, { params: { cfId }, body });
export const saveRule = (
  cfId: number,
  ruleId: number,
  body: HoldQueueRuleChange,
): Promise<HoldQueueRuleRow> => callApi(ADT_SETUP.saveHoldQueueRule, { params: { cfId, ruleId }, body });
export const setRuleEnabled = (cfId: number, ruleId: number, enabled: boolean): Promise<HoldQueueRuleRow> =>
  callApi(ADT_SETUP.setHoldQueueRuleEnabled, { params: { cfId, ruleId }, body: { enabled } });
export const deleteRule = (cfId: number, ruleId: number) =>
  callApi(ADT_SETUP.deleteHoldQueueRule, { params: { cfId, ruleId } });

export const loadItems = (cfId: number, signal?: AbortSignal): Promise<AdtItems> =>
  callApi(ADT_SETUP.adtDefinitions, { params: { cfId } }, { signal });
export const addItem = (cfId: number, body: NewAdtItem): Promise<AdtItemRow> =>
  callApi(ADT_SETUP.addAdtDefinition, { params: { cfId }, body });
export const saveItem = (cfId: number, definitionId: number, body: AdtItemChange): Promise<AdtItemRow> =>
  callApi(ADT_SETUP.saveAdtDefinition, { params: { cfId, definitionId }, body });
export const deleteItem = (cfId: number, definitionId: number) =>
  callApi(ADT_SETUP.deleteAdtDefinition, { params: { cfId, definitionId } });

export const loadSearches = (cfId: number, signal?: AbortSignal): Promise<AdtSearches> =>
  callApi(ADT_SETUP.adtSearches, { params: { cfId } }, { signal });
export const addSearch = (cfId: number, body: AdtSearchChange): Promise<AdtSearchRow> =>
  callApi(ADT_SETUP.addAdtSearch, { params: { cfId }, body });
export const saveSearch = (cfId: number, searchId: number, body: AdtSearchChange): Promise<AdtSearchRow> =>
  callApi(ADT_SETUP.saveAdtSearch, { params: { cfId, searchId }, body });
export const deleteSearch = (cfId: number, searchId: number) =>
  callApi(ADT_SETUP.deleteAdtSearch, { params: { cfId, searchId } });
