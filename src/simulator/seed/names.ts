/**
 * Fictional people's names: common British first names and surnames, combined at random. Surnames
 * tied to well-known British swimmers and divers are left out on purpose, and so is "Smith", which
 * belongs to the fixture family only (see fixture-member.ts).
 */

function words(text: string): string[] {
  return text.trim().split(/\s+/);
}

export const FEMALE_FIRST_NAMES: readonly string[] = words(`
  Abigail Alice Amelia Amy Anna Beatrice Bethany Caitlin Charlotte Chloe Clara Daisy Eleanor
  Elizabeth Ella Ellie Emily Emma Erin Esme Evie Faye Florence Freya Georgia Grace Hannah
  Harriet Hazel Heather Holly Imogen Isabel Isla Ivy Jessica Joanna Katherine Kirsty Lauren
  Layla Leah Lily Lucy Lydia Maisie Margaret Martha Matilda Megan Mia Millie Molly Naomi Niamh
  Olivia Paige Phoebe Poppy Rachel Rebecca Rosie Ruby Samantha Sarah Scarlett Sian Sophie
  Stephanie Summer Tilly Victoria Willow Zara Alison Angela Catherine Claire Deborah Donna Fiona
  Gemma Helen Jennifer Joanne Julie Karen Kelly Louise Michelle Nicola Rachael Susan Tracey
  Vanessa
`);

export const MALE_FIRST_NAMES: readonly string[] = words(`
  Adam Aaron Alexander Alfie Archie Arthur Ben Benjamin Callum Cameron Charlie Christopher
  Connor Daniel David Dylan Edward Elliot Ethan Finley Frederick Gareth George Harrison Harry
  Harvey Henry Hugo Isaac Jack Jacob Jake James Jamie Joseph Joshua Jude Kieran Leo Lewis Liam
  Louis Luke Matthew Max Michael Nathan Nicholas Noah Oliver Oscar Owen Patrick Reuben Rhys
  Robert Rory Ryan Samuel Sebastian Stanley Theo Thomas Toby Tyler William Zachary Andrew
  Anthony Craig Darren Dean Gavin Graham Ian Jason Jonathan Keith Kevin Lee Mark Martin Neil
  Paul Peter Richard Simon Stephen Stuart Timothy Wayne
`);

export const SURNAMES: readonly string[] = words(`
  Abbott Ahmed Allen Armstrong Atkinson Bailey Baker Barker Barnes Bates Bell Bennett Bevan
  Bishop Booth Bradley Brooks Burton Butler Campbell Carter Chambers Chapman Clarke Cole Collins
  Cook Cooper Cox Crawford Cunningham Dawson Dixon Doherty Duffy Edwards Ellis Evans Farrell
  Fenwick Fisher Fleming Fletcher Ford Fraser Gardner Gibson Gill Gordon Graham Grant Gray Green
  Griffiths Hall Hamilton Harding Harper Harris Harrison Hart Hayes Henderson Hill Holland
  Holmes Hooper Howard Hughes Hunt Hussain Jackson James Jenkins Johnson Jones Kaur Kelly
  Kennedy Khan King Knight Lambert Lawrence Lee Lewis Lloyd Lowe Macdonald Marshall Martin Mason
  Matthews McCarthy McKenzie Mills Mitchell Moore Morgan Morris Murphy Murray Nash Newman
  Nicholls Norris O'Brien O'Connor Owen Palmer Parker Parsons Patel Pearce Pearson Perry
  Phillips Pike Poole Porter Powell Price Pritchard Quinn Reid Reynolds Rhodes Richardson Riley
  Roberts Robertson Robinson Rogers Rose Russell Saunders Shah Sharp Shaw Simpson Singh Slater
  Spencer Stevens Stewart Sutton Talbot Taylor Thomas Thompson Thornton Townsend Tucker Turner
  Vaughan Walker Wallace Walsh Ward Warren Watson Webb Wells West Wheeler White Whitehead
  Wilkinson Williams Willis Wilson Wood Woodward Wright Yates Young
`);

/** Short forms some people go by; a member with one of these first names may use it as KnownAs. */
export const KNOWN_AS: Readonly<Record<string, string>> = {
  Abigail: 'Abbie',
  Alexander: 'Alex',
  Benjamin: 'Ben',
  Catherine: 'Cathy',
  Charlotte: 'Lottie',
  Christopher: 'Chris',
  Daniel: 'Dan',
  Edward: 'Ted',
  Eleanor: 'Ellie',
  Elizabeth: 'Beth',
  Frederick: 'Freddie',
  Harriet: 'Hattie',
  Isabel: 'Izzy',
  Jennifer: 'Jenny',
  Jessica: 'Jess',
  Jonathan: 'Jon',
  Joseph: 'Joe',
  Joshua: 'Josh',
  Katherine: 'Kate',
  Margaret: 'Maggie',
  Matilda: 'Tilly',
  Matthew: 'Matt',
  Michael: 'Mike',
  Nicholas: 'Nick',
  Nicola: 'Nicky',
  Rebecca: 'Becky',
  Richard: 'Rich',
  Robert: 'Rob',
  Samantha: 'Sam',
  Samuel: 'Sam',
  Sebastian: 'Seb',
  Stephanie: 'Steph',
  Thomas: 'Tom',
  Timothy: 'Tim',
  Victoria: 'Vicky',
  William: 'Will',
  Zachary: 'Zac',
};
