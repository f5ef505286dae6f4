import { signIn } from './auth.ts';
import { startServer, type TestServer } from './server.ts';

/**
 * Starts a test server (its own database, seeded) and signs the given seeded users in with the
 * demo password, one after another: the server, then their access tokens in the same order.
 * The server is stopped again when a sign-in fails.
 */
export async function startSignedIn<const E extends readonly string[]>(
  ...emails: E
): Promise<[TestServer, ...{ -readonly [K in keyof E]: string }]> {
  const server = await startServer();
  try {
    const tokens: string[] = [];
    for (const email of emails) tokens.push((await signIn(server.url, email, 'demo1234')).accessToken);
    return [server, ...tokens] as [TestServer, ...{ -readonly [K in keyof E]: string }];
  } catch (e) {
    await server.stop();
    throw e;
  }
}

/**
 * As startSignedIn, for seeded users named by their e-mail's local part (`ana` is
 * ana@example.si): the server and their access tokens by name.
 */
export async function startSignedInByName<N extends string>(
  ...names: N[]
): Promise<{ server: TestServer; token: Record<N, string> }> {
  const [server, ...tokens] = await startSignedIn(...names.map((n) => `${n}@example.si`));
  return { server, token: Object.fromEntries(names.map((n, i) => [n, tokens[i]!])) as Record<N, string> };
}
