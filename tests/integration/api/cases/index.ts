import { catalogueCases } from './catalogue';
import { customerCases } from './customer';
import { ownerCases } from './owner';
import { quoteListCases } from './quote-list';
import { shopFormCases } from './shop-forms';
import { taxDocumentCases } from './tax-documents';
import type { ApiCase } from './types';

/** Every API operation's case; a resource group adds its list here. */
export const apiCases: ApiCase[] = [
  ...catalogueCases,
  ...shopFormCases,
  ...customerCases,
  ...quoteListCases,
  ...ownerCases,
  ...taxDocumentCases,
];
