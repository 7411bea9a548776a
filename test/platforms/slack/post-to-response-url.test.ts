import { describe, expect, it } from 'vitest';
import { isSlackResponseUrl } from '../../../src/platforms/slack/response-url.js';

describe('which response_urls a reply may be posted to', () => {
  it("takes Slack's own hosts over https", () => {
    expect(isSlackResponseUrl('https://hooks.slack.com/commands/T1/2/abc')).toBe(true);
    expect(isSlackResponseUrl('https://slack.com/x')).toBe(true);
  });

  it('refuses other hosts, look-alikes and plain http', () => {
    expect(isSlackResponseUrl('https://hooks.slack.com.evil.example/x')).toBe(false);
    expect(isSlackResponseUrl('https://evilslack.com/x')).toBe(false);
    expect(isSlackResponseUrl('http://hooks.slack.com/x')).toBe(false);
    expect(isSlackResponseUrl('not a url')).toBe(false);
  });

  it("takes the configured SLACK_API_URL's origin (a fake in tests), and only it", () => {
    const api = 'http://127.0.0.1:4567/api/';
    expect(isSlackResponseUrl('http://127.0.0.1:4567/response/1', api)).toBe(true);
    expect(isSlackResponseUrl('http://127.0.0.1:4568/response/1', api)).toBe(false);
  });
});
