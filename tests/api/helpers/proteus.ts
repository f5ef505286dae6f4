/** The properties of a valid sighting of table 48: a proteus (675, amphibians 12), 2 individuals in a karst spring, reported by Ana. */
export const PROTEUS = {
  980: 675,
  1053: '2025-05-01T10:00:00Z',
  782: 2,
  972: 'osebek',
  979: 'opazovanje',
  976: 10,
  785: 'kraški izvir',
  788: 'Ana',
};
