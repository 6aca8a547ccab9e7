import { insertProduct } from '../../../factories';
import { apiCase, type ApiCase } from './types';

export const catalogueCases: ApiCase[] = [
  apiCase({
    operation: 'GET /products',
    access: { kind: 'public' },
    call: ({ api }, caller) => api.request('/api/v1/products?limit=5', { caller }),
    success: 200,
  }),
  apiCase({
    operation: 'GET /products/{id}',
    access: { kind: 'public' },
    setup: async ({ api }) => insertProduct(api.database.db, { name: 'Catalogue Case Bowl' }),
    call: ({ api }, caller, product) => api.request(`/api/v1/products/${product.id}`, { caller }),
    success: 200,
  }),
  apiCase({
    operation: 'GET /categories',
    access: { kind: 'public' },
    call: ({ api }, caller) => api.request('/api/v1/categories', { caller }),
    success: 200,
  }),
  apiCase({
    operation: 'GET /search/suggestions',
    access: { kind: 'public' },
    call: ({ api }, caller) => api.request('/api/v1/search/suggestions?q=bowl', { caller }),
    success: 200,
  }),
];
