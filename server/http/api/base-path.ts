/** docs/requirements.md §11: where the versioned JSON API is mounted. */
export const API_BASE_PATH = '/api/v1';
