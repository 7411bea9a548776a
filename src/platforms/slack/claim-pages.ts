import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';

/** What connecting a newly installed workspace to its club takes (see `src/clubs/slack-claims.ts`). */
export interface SlackClaims {
  /** A ticket for the workspace just installed, carried by the page's form. */
  begin(teamId: string): Promise<string>;
  /** Connects the ticket's workspace to the club the one-time code is for. */
  finish(
    ticket: string,
    code: string,
  ): Promise<{ ok: true; club: string } | { ok: false; reason: string }>;
}

export const claimPath = '/slack/claim';

/** The page Slack's install flow ends on: the code the operator gave, typed in. */
export function claimPage(ticket: string, teamName: string | undefined, problem?: string): string {
  const where = teamName ? `“${escapeHtml(teamName)}”` : 'your workspace';
  return page(
    'Almost there',
    `<p>The club bot is added to ${where}. To connect it to your club, type the one-time code your club bot operator gave you.</p>
${problem ? `<p role="alert"><strong>${escapeHtml(problem)}</strong></p>` : ''}
<form method="post" action="${claimPath}">
  <input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
  <label>Code <input name="code" autocomplete="off" required placeholder="ABCD-EFGH-JKLM"></label>
  <button type="submit">Connect</button>
</form>`,
  );
}

/** `POST /slack/claim`: checks the code and says what became of it, in plain words. */
export function claimRoute(claims: SlackClaims): CustomRoute {
  return {
    path: claimPath,
    method: ['POST'],
    handler(request, response) {
      void readForm(request)
        .then(async (form) => {
          const ticket = form.get('ticket') ?? '';
          const outcome = await claims.finish(ticket, form.get('code') ?? '');
          if (outcome.ok) {
            return send(
              response,
              200,
              page(
                'Connected',
                `<p>This workspace now answers for ${escapeHtml(outcome.club)}. Try <code>/help</code> in Slack.</p>`,
              ),
            );
          }
          send(response, 400, claimPage(ticket, undefined, outcome.reason));
        })
        .catch(() =>
          send(response, 500, page('Sorry', '<p>Something went wrong; please try again.</p>')),
        );
    },
  };
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
