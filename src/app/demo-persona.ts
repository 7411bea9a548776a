import { decodeAll, decodeRole } from '../club/decode-records.js';
import { decodeMember } from '../club/decode-member.js';
import { displayName } from '../commands/display-name.js';

/** Who the demo's person is: the seeded club's welfare officer, so every command has data to show. */
export interface DemoPersona {
  name: string;
  email: string;
  role: string;
}

export function demoPersona(
  users: readonly unknown[],
  roles: readonly unknown[],
): DemoPersona | undefined {
  const members = decodeAll([...users], decodeMember).values;
  const welfare = decodeAll([...roles], decodeRole).values.find((role) =>
    /welfare/i.test(role.name),
  );
  const member = members.find(
    (candidate) => welfare?.members.includes(candidate.guid) && candidate.email,
  );
  if (!member?.email || !welfare) return undefined;
  return { name: displayName(member), email: member.email, role: welfare.name };
}
