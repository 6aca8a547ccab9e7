/**
 * docs/requirements.md §12: the shop's settings over the API, the same module functions as /admin/settings. Both
 * need `settings:write` (the settings hold the shop's bank details). A key the environment sets is
 * refused (422) and nothing changes.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ownerSettingsSchema } from '../../../core/api/api-owner-schemas';
import { settingsFormSchema } from '../../../core/admin/settings';
import { getSettingsForOwner, updateSettings } from '../../modules/settings';
import type { ApiEnv } from './context';
import { json, operation, sentBody } from './operation';

const tags = ['Owner: settings'];

const readSettings = operation({
  method: 'get',
  path: '/admin/settings',
  tags,
  summary: 'The shop’s settings',
  description:
    'Every setting’s effective value (environment > stored > default) and which the environment locks. Needs `settings:write`.',
  access: { kind: 'owner', scope: 'settings:write' },
  responses: { 200: json(ownerSettingsSchema, 'The settings') },
});

const changeSettings = operation({
  method: 'patch',
  path: '/admin/settings',
  tags,
  summary: 'Change some settings',
  description:
    'Only the fields sent change; each is checked as the settings form checks it. A field the environment sets is refused. Needs `settings:write`.',
  access: { kind: 'owner', scope: 'settings:write' },
  request: { body: { ...json(settingsFormSchema, 'The settings to change'), required: true } },
  responses: { 200: json(ownerSettingsSchema, 'The settings after the change') },
});

export function registerOwnerSettings(api: OpenAPIHono<ApiEnv>): void {
  api.openapi(readSettings, async (c) => {
    const { db, config } = c.get('services');
    return c.json(await getSettingsForOwner(db, c.get('actor'), config), 200);
  });

  api.openapi(changeSettings, async (c) => {
    const { db, config, clock } = c.get('services');
    const { values } = await updateSettings(db, c.get('actor'), await sentBody(c), config, clock());
    return c.json({ values, lockedBy: { ...config.siteLockedBy } }, 200);
  });
}
