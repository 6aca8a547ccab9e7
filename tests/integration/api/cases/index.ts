import { catalogueCases } from './catalogue';
import { ownerCases } from './owner';
import type { ApiCase } from './types';

/** Every API operation's case; a resource group adds its list here. */
export const apiCases: ApiCase[] = [...catalogueCases, ...ownerCases];
