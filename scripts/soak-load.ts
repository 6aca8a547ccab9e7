/**
 * The soak's mixed load: each tick picks one shopper action by weight, at a steady rate, and
 * counts the answers by status class. Signed-in shoppers are a few accounts created through the
 * real sign-up form, then signed in again now and then.
 */
import { randomUUID } from 'node:crypto';

const PASSWORD = 'Marble#Lotus9';
const MAX_IN_FLIGHT = 50;
const SIGNED_IN_SHOPPERS = 5;

type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

interface Shopper {
  email: string;
  cookie: string;
}

/** The session cookies of an answer, as a Cookie header. */
function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

export class SoakLoad {
  private statusCounts: Partial<Record<StatusClass, number>> = {};
  private failures = 0;
  private shoppers: Shopper[] = [];
  private readonly actions: [weight: number, action: () => Promise<void>][];

  constructor(
    private readonly baseUrl: string,
    productId: string,
  ) {
    const browse = (path: string) => async () => {
      await this.send(path);
    };
    this.actions = [
      [10, browse('/')],
      [10, browse('/shop')],
      [6, browse('/shop/divine-artistry')],
      [6, browse('/shop?sort=name-asc')],
      [14, browse(`/product/${productId}`)],
      [4, browse(`/product/${productId}.data`)],
      [4, browse('/blog')],
      [4, browse('/faq')],
      [16, () => this.search()],
      [6, () => this.requestQuotation(productId)],
      [10, () => this.openDashboard()],
      [2, () => this.signUpOrSignIn()],
    ];
  }

  private async send(path: string, init: RequestInit = {}): Promise<Response | null> {
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        redirect: 'manual',
        ...init,
        headers: {
          'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) soak',
          'Accept-Encoding': 'gzip',
          Origin: this.baseUrl,
          ...init.headers,
        },
      });
      await response.arrayBuffer();
      const statusClass = `${Math.floor(response.status / 100)}xx` as StatusClass;
      this.statusCounts[statusClass] = (this.statusCounts[statusClass] ?? 0) + 1;
      return response;
    } catch {
      this.failures += 1;
      return null;
    }
  }

  private async search() {
    const queries = ['brass', 'marble ganesh', 'lotus', 'urli', 'candle holder', 'krishna'];
    const query = queries[Math.floor(Math.random() * queries.length)] ?? 'brass';
    await this.send(`/search/suggestions?q=${encodeURIComponent(query)}`);
  }

  private async requestQuotation(productId: string) {
    await this.send(`/quote/${productId}`, {
      method: 'POST',
      body: new URLSearchParams({
        quantity: '2',
        customerName: 'Soak Shopper',
        customerMobile: '+91 98765 43210',
        customerEmail: 'soak@example.com',
        customizationNotes: 'A soak test request.',
      }),
    });
  }

  private async signUpOrSignIn() {
    const known = this.shoppers.length >= SIGNED_IN_SHOPPERS;
    const email = known
      ? (this.shoppers[Math.floor(Math.random() * this.shoppers.length)]?.email ?? '')
      : `soak-${randomUUID().slice(0, 8)}@example.com`;
    const form: Record<string, string> = known
      ? { intent: 'sign-in', redirectTo: '/', email, password: PASSWORD }
      : {
          intent: 'sign-up',
          redirectTo: '/',
          name: 'Soak Shopper',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        };
    const response = await this.send('/auth', { method: 'POST', body: new URLSearchParams(form) });
    const cookie = response && response.status < 400 ? cookieOf(response) : '';
    if (!cookie) return;
    this.shoppers = [
      ...this.shoppers.filter((shopper) => shopper.email !== email),
      { email, cookie },
    ];
  }

  private async openDashboard() {
    const shopper = this.shoppers[Math.floor(Math.random() * this.shoppers.length)];
    if (!shopper) return this.signUpOrSignIn();
    await this.send('/dashboard', { headers: { Cookie: shopper.cookie } });
  }

  private pick(): () => Promise<void> {
    const total = this.actions.reduce((sum, [weight]) => sum + weight, 0);
    let roll = Math.random() * total;
    for (const [weight, action] of this.actions) {
      roll -= weight;
      if (roll < 0) return action;
    }
    return this.actions[0]![1];
  }

  /** Drives the load for `milliseconds` at `perSecond` actions a second; waits for stragglers. */
  async run(milliseconds: number, perSecond: number): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const endsAt = Date.now() + milliseconds;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (Date.now() >= endsAt) {
          clearInterval(timer);
          resolve();
          return;
        }
        // An overloaded server is not piled on further; the shortfall shows in the request count.
        if (inFlight.size >= MAX_IN_FLIGHT) return;
        const running = this.pick()().finally(() => inFlight.delete(running));
        inFlight.add(running);
      }, 1000 / perSecond);
    });
    await Promise.all(inFlight);
  }

  resetCounts(): void {
    this.statusCounts = {};
    this.failures = 0;
  }

  counts(): Partial<Record<StatusClass, number>> & { total: number; failed: number } {
    const answered = Object.values(this.statusCounts).reduce((sum, count) => sum + count, 0);
    return { ...this.statusCounts, total: answered + this.failures, failed: this.failures };
  }
}
