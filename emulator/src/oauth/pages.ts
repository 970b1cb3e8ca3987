// The HTML pages of the web flow. Every value that reaches the markup goes
// through escapeHtml; forms post back so nothing secret travels in a URL.
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The parameters of step 1, carried through the login and approval forms. */
export interface AuthorizeRequest {
  client_id: string;
  redirect_uri?: string | undefined;
  scope?: string | undefined;
  state?: string | undefined;
}

const SCOPE_TEXT: Record<string, string> = {
  user: 'Read and write your profile information',
  'user:email': 'Read your e-mail addresses',
  'user:follow': 'Follow and unfollow users',
  public_repo: 'Read and write code and statuses of your public repositories',
  repo: 'Read and write code and statuses of your public and private repositories',
  repo_deployment: 'Deployment statuses, without code access',
  'repo:status': 'Commit statuses, without code access',
  delete_repo: 'Delete repositories you administer',
  notifications: 'Read your notifications',
  gist: 'Write your gists',
  'read:repo_hook': 'Read and ping repository hooks',
  'write:repo_hook': 'Read, write and ping repository hooks',
  'admin:repo_hook': 'Read, write, ping and delete repository hooks',
  'read:org': 'Read organizations, teams and membership',
  'write:org': 'Publicize and conceal organization membership',
  'admin:org': 'Fully manage organizations, teams and memberships',
  'read:public_key': 'List and view public keys',
  'write:public_key': 'Create, list and view public keys',
  'admin:public_key': 'Fully manage public keys',
};

function hiddenFields(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font: 15px/1.5 system-ui, sans-serif; max-width: 30rem; margin: 3rem auto; padding: 0 1rem; color: #24292f; }
    h1 { font-size: 1.4rem; } label { display: block; margin: .8rem 0 .2rem; }
    input[type=text], input[type=password] { width: 100%; padding: .4rem; box-sizing: border-box; }
    button { margin: 1rem .5rem 0 0; padding: .45rem 1rem; } .error { color: #cf222e; }
    ul.scopes li { margin: .3rem 0; } code { background: #f6f8fa; padding: 0 .2rem; }
  </style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function loginPage(options: { appName: string; request: AuthorizeRequest; error?: string }): string {
  const error = options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : '';
  return page(
    'Sign in',
    `  <h1>Sign in to continue to ${escapeHtml(options.appName)}</h1>
  ${error}
  <form method="post" action="/login/oauth/session">
      ${hiddenFields({ ...options.request })}
      <label for="login">Username</label>
      <input type="text" id="login" name="login" autocomplete="username" required autofocus>
      <label for="password">Password</label>
      <input type="password" id="password" name="password" autocomplete="current-password" required>
      <button type="submit">Sign in</button>
  </form>`,
  );
}

/** The approval form; each requested scope is a checkbox, so the user can grant fewer. */
export function approvePage(options: { appName: string; login: string; scopes: string[]; request: AuthorizeRequest; csrfToken: string }): string {
  const scopeItems = options.scopes.length
    ? options.scopes
        .map(
          (s) =>
            `<li><label><input type="checkbox" name="granted" value="${escapeHtml(s)}" checked> <code>${escapeHtml(s)}</code> ${escapeHtml(SCOPE_TEXT[s] ?? '')}</label></li>`,
        )
        .join('\n      ')
    : '<li>Read-only access to public information</li>';
  return page(
    `Authorize ${options.appName}`,
    `  <h1>Authorize ${escapeHtml(options.appName)}</h1>
  <p>${escapeHtml(options.appName)} would like access to the account <strong>${escapeHtml(options.login)}</strong>:</p>
  <form method="post" action="/login/oauth/authorize">
      ${hiddenFields({ ...options.request, authenticity_token: options.csrfToken, scopes_reviewed: '1' })}
      <ul class="scopes">
      ${scopeItems}
      </ul>
      <button type="submit" name="decision" value="approve">Authorize</button>
      <button type="submit" name="decision" value="deny">Deny</button>
  </form>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `  <h1>${escapeHtml(title)}</h1>\n  <p>${escapeHtml(message)}</p>`);
}
