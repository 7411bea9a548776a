import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';

/** What became of a claim: the club and workspace connected, or why not, in plain words. */
export type ClaimOutcome = { ok: true; club: string; team: string } | { ok: false; reason: string };

/** What connecting a newly installed workspace to its club takes (see `src/hosting/slack-claims.ts`). */
export interface SlackClaims {
  /** A ticket for the workspace just installed, kept in the installing browser's cookie. */
  begin(teamId: string, teamName?: string): Promise<string>;
  /** Connects the ticket's workspace to the club the one-time code is for. */
  finish(ticket: string, code: string): Promise<ClaimOutcome>;
  /**
   * The workspace uninstalled the app, revoked its token, or installed it with token rotation on:
   * its installation and club go.
   */
  forget(teamId: string, why: 'uninstalled' | 'revoked' | 'token rotation'): Promise<void>;
  /** Drops the installations of workspaces never claimed in time. */
  sweep(): Promise<void>;
}

export const claimPath = '/slack/claim';

/** The cookie that ties the claim to the browser that installed: script-free, same-site only. */
const ticketCookie = 'club-bot-claim';

/** The `Set-Cookie` value carrying a claim ticket (`maxAgeSeconds` 0 clears it). */
export function ticketCookieHeader(ticket: string, maxAgeSeconds = 3_600): string {
  return `${ticketCookie}=${ticket}; Path=${claimPath}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;
}

/** The page Slack's install flow ends on: the code the operator gave, typed in. */
export function claimPage(teamName: string | undefined, problem?: string): string {
  const where = teamName ? `“${escapeHtml(teamName)}”` : 'your workspace';
  return page(
    'Almost there',
    `<p>The club bot is added to ${where}. To connect it to your club, type the one-time code your club bot operator gave you.</p>
${problem ? `<p role="alert"><strong>${escapeHtml(problem)}</strong></p>` : ''}
<form method="post" action="${claimPath}">
  <label>Code <input name="code" autocomplete="off" required placeholder="ABCD-EFGH-JKLM"></label>
  <button type="submit">Connect</button>
</form>`,
  );
}

/** A page of the install flow that ends it with a problem (e.g. token rotation turned on). */
export function problemPage(title: string, text: string): string {
  return page(title, `<p>${escapeHtml(text)}</p>`);
}

/**
 * `POST /slack/claim`: checks the code and says what became of it, in plain words. Only a form
 * sent from this host's own page (its Origin) with the installing browser's cookie is read.
 */
export function claimRoute(claims: SlackClaims): CustomRoute {
  return {
    path: claimPath,
    method: ['POST'],
    handler(request, response) {
      if (!sameOrigin(request)) {
        return send(
          response,
          403,
          problemPage(
            'Not sent from the install page',
            'The code must be typed on the page Slack’s install ended on, in the same browser.',
          ),
        );
      }
      const ticket = cookieOf(request, ticketCookie) ?? '';
      void readForm(request)
        .then(async (form) => {
          const outcome = await claims.finish(ticket, form.get('code') ?? '');
          if (outcome.ok) {
            response.setHeader('Set-Cookie', ticketCookieHeader('', 0));
            return send(
              response,
              200,
              page(
                'Connected',
                `<p>The Slack workspace “${escapeHtml(outcome.team)}” now answers for ${escapeHtml(outcome.club)}. Try <code>/help</code> in Slack.</p>`,
              ),
            );
          }
          send(response, 400, claimPage(undefined, outcome.reason));
        })
        .catch(() =>
          send(response, 500, page('Sorry', '<p>Something went wrong; please try again.</p>')),
        );
    },
  };
}

/** Whether a POST names this host as its Origin (browsers send it with every form POST). */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  if (typeof origin !== 'string' || typeof host !== 'string') return false;
  try {
    return new URL(origin).host === host.split(',')[0]?.trim();
  } catch {
    return false;
  }
}

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 4_096) request.destroy(new Error('form too large'));
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(html);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
