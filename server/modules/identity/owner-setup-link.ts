/**
 * docs/requirements.md §19: the one-time link that makes the shop's owner account, printed at start-up while no
 * account has the admin role. Only its SHA-256 hash is kept, in this process's memory (a restart
 * prints a new link and the old one dies with the process); it is valid for 24 hours and for one
 * owner. The holder of the token is the only actor the setup page knows: checking it is the
 * authorisation.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { OWNER_SETUP_LINK_HOURS, ownerSetupLine } from '../../../core/identity/owner-setup';
import { DomainError } from '../errors';

/** The answer to a link that is wrong, expired, used or no longer needed: the site's 404. */
const notFound = () => new DomainError('not_found', 'Page not found');

/** A setup in progress: it spends the link when the owner is made, or gives it back. */
export interface OwnerSetupClaim {
  spend(): void;
  release(): void;
}

export interface OwnerSetupLink {
  /** The start-up line: "Set up the shop's owner account: {PUBLIC_URL}/setup?token=…". */
  readonly line: string;
  /** Whether `token` opens the setup page now (right, unexpired, unused, not being used). */
  admits(token: unknown): boolean;
  /**
   * Takes the link for one setup; throws `not_found` unless `token` is admitted. A second setup
   * with the same token while this one runs is refused, so one link makes one owner.
   */
  claim(token: unknown): OwnerSetupClaim;
  /** Kills the link: an admin exists, so no owner is to be set up (docs/requirements.md §19). */
  close(): void;
}

const TOKEN_BYTES = 32; // docs/requirements.md §19: at least 256 bits

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export function createOwnerSetupLink({
  publicUrl,
  clock,
  token = randomBytes(TOKEN_BYTES).toString('base64url'),
}: {
  publicUrl: string;
  clock: () => Date;
  /** A test's own token; the server always draws a random one. */
  token?: string;
}): OwnerSetupLink {
  const hash = sha256(token);
  const expiresAt = clock().getTime() + OWNER_SETUP_LINK_HOURS * 60 * 60 * 1000;
  let state: 'open' | 'claimed' | 'closed' = 'open';

  const matches = (candidate: unknown) =>
    typeof candidate === 'string' &&
    candidate.length > 0 &&
    candidate.length <= 256 &&
    timingSafeEqual(sha256(candidate), hash);

  const admits = (candidate: unknown) =>
    // docs/decisions/023: valid for 24 hours, by the injected clock
    state === 'open' && clock().getTime() < expiresAt && matches(candidate);

  return {
    line: ownerSetupLine(publicUrl, token),
    admits,
    claim(candidate) {
      if (!admits(candidate)) throw notFound();
      state = 'claimed';
      let settled = false;
      return {
        spend() {
          settled = true;
          state = 'closed';
        },
        release() {
          if (settled) return;
          settled = true;
          if (state === 'claimed') state = 'open';
        },
      };
    },
    close() {
      state = 'closed';
    },
  };
}
