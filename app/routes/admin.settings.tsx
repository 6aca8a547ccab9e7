import { displayRatesFromForm } from '../../core/money/display-currency';
import { settingsFormSchema } from '../../core/admin/settings';
import { intentConstraints } from '../../server/http/form-constraints';
import { answerAction, intent } from '../../server/http/answer';
import { adminPageLoader } from '../../server/http/admin-access';
import { appContext } from '../../server/http/app-context';
import { requireAdmin } from '../../server/modules/kernel';
import { getSettingsForOwner, updateSettings } from '../../server/modules/settings';
import { SAVE_SETTINGS_INTENT, SettingsForm } from '../components/admin/settings-form';
import { pageMeta } from '../components/layout/simple-page';
import type { Route } from './+types/admin.settings';

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, 'Settings', undefined, { noindex: true });
}

// spec §6: the admin only (the shell's middleware decides, docs/decisions/019); nobody else gets data
export const loader = adminPageLoader(loadSettings);

async function loadSettings({ context }: Route.LoaderArgs) {
  const { db, actor, config } = context.get(appContext);
  const { values, lockedBy } = await getSettingsForOwner(db, actor, config);
  return { values, lockedBy, formConstraints: intentConstraints(settingsIntents) };
}

// docs/requirements.md §12 "Settings the owner edits": one form, one module function.
const settingsIntents = {
  [SAVE_SETTINGS_INTENT]: intent({
    schema: settingsFormSchema,
    run: (fields, { app, formData }) => {
      // docs/requirements.md §21: the display currencies are posted as one rate input a currency.
      const displayCurrencies = displayRatesFromForm((name) => formData.get(name));
      const input = displayCurrencies === null ? fields : { ...fields, displayCurrencies };
      return updateSettings(app.db, app.actor, input, app.config, app.clock());
    },
    success: { title: 'Settings Saved', description: 'Your changes are live on the shop.' },
    // The form keeps showing what was saved (the page's values are reloaded after it).
    resetForm: false,
  }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  // docs/requirements.md §14: who asks is checked before the body is read; updateSettings checks again.
  return answerAction(
    { request, params, context },
    {
      guard: (app) => requireAdmin(app.actor),
      intents: settingsIntents,
      defaultIntent: SAVE_SETTINGS_INTENT,
    },
    context.get(appContext),
  );
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-8 px-4 py-12">
      <div>
        <h1 className="font-display text-4xl font-semibold">Settings</h1>
        <p className="mt-2 text-ink-muted">
          The shop’s details as customers see them. A value set by an environment variable wins and
          cannot be changed here.
        </p>
      </div>
      <SettingsForm values={loaderData.values} lockedBy={loaderData.lockedBy} />
    </section>
  );
}
