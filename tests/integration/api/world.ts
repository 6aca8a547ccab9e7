import { apiScopes, type ApiScope } from '../../../core/api/api-access';
import type { ApiHarness } from '../../support/api-harness';
import type { World } from './cases/types';

/** The callers of the matrix, made once per test file. */
export async function makeWorld(api: ApiHarness): Promise<World> {
  const [customerA, customerB, ownerKey] = await Promise.all([
    api.customer('Customer A'),
    api.customer('Customer B'),
    api.ownerKey(apiScopes),
  ]);
  const revoked = await api.ownerKey(apiScopes);
  await api.revoke(revoked.keyId, revoked);
  const without = new Map<ApiScope, ReturnType<World['keyWithout']>>();
  return {
    api,
    customerA,
    customerB,
    ownerKey,
    revokedKey: revoked,
    keyWithout(scope) {
      let key = without.get(scope);
      if (!key) {
        key = api.ownerKey(apiScopes.filter((held) => held !== scope));
        without.set(scope, key);
      }
      return key;
    },
  };
}
