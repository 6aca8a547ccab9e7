/** docs/requirements.md §7 Identity: the card each setting of /dashboard/security sits in. */
export const cardClass = 'grid gap-4 rounded-2xl border border-stone/70 bg-white p-6';
