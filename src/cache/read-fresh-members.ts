import type { ClubApi } from '../club/club-api.js';
import { ClubNotFoundError } from '../club/club-errors.js';
import { pageSize } from '../club/collections.js';
import type { FreshMember } from '../club/fresh-member.js';

/** One-member reads in flight at once: a roster is read in a few round trips, the service unflooded. */
const readsAtOnce = 4;

/**
 * The records of `guids` with their special-category fields, read now and never cached, by the
 * cheaper way: the members collection (⌈`memberCount`/100⌉ pages) when that is fewer calls than
 * one read each, else one read each. Members not found (left the records) are left out; one who
 * joined since `memberCount` was counted is read on its own.
 */
export async function readFreshMembers(
  api: ClubApi,
  guids: readonly string[],
  memberCount: number,
): Promise<FreshMember[]> {
  const wanted = [...new Set(guids)];
  const pages = Math.ceil(memberCount / pageSize);
  if (pages === 0 || pages >= wanted.length) return readEach(api, wanted);
  const shown = new Set(wanted);
  const found = (await api.listFreshMembers(pages)).filter((fresh) => shown.has(fresh.member.guid));
  const read = new Set(found.map((fresh) => fresh.member.guid));
  return [
    ...found,
    ...(await readEach(
      api,
      wanted.filter((guid) => !read.has(guid)),
    )),
  ];
}

async function readEach(api: ClubApi, guids: readonly string[]): Promise<FreshMember[]> {
  const found: FreshMember[] = [];
  for (let start = 0; start < guids.length; start += readsAtOnce) {
    const batch = await Promise.all(
      guids.slice(start, start + readsAtOnce).map((guid) =>
        api.getMemberWithSensitive(guid).catch((error: unknown) => {
          if (error instanceof ClubNotFoundError) return undefined;
          throw error;
        }),
      ),
    );
    found.push(...batch.filter((fresh): fresh is FreshMember => fresh !== undefined));
  }
  return found;
}
