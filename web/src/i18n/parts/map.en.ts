import type { Widen } from '@mboa/contracts';

/** map: a catalog part (see ./index.ts), English. */
export const mapEn = {
  map: {
    geoDenied: 'Your phone did not share its position. Allow location for this site in your browser settings, or place the pin on the map.',
    geoUnavailable: 'Your phone could not tell where it is. Try again outdoors, or place the pin on the map.',
    geoTimeout: 'Finding your position took too long. Try again, or place the pin on the map.',
    geoUnsupported: 'This browser cannot share your position. Place the pin on the map instead.',
    addPin: 'Add a pin on the map',
    changePin: 'Move the pin',
    removePin: 'Remove the pin',
    atProperty: 'I am at the property',
    pinHelp: 'A pin lets renters search by area and see roughly where the property is: they see a circle of about 400 m around it, never the exact place. The pin is optional.',
    pinMapLabel: 'Map of {{town}}: tap where the property is, or drag the pin',
    pinPlaced: 'Pin placed at {{lat}}, {{lng}}.',
    noPin: 'No pin yet.',
    pinOutside: 'That place is outside Cameroon. Tap where the property is.',
    landmark: 'Landmark (optional)',
    landmarkPlaceholder: 'e.g. Behind the Total station, Molyko',
    done: 'Done',
    homeMapLabel: 'Map of the properties found',
    zoomIn: 'Zoom in to see the properties in this area.',
    truncated: 'Showing the {{count}} newest here. Zoom in to see them all.',
    pointsCount_one: '{{count}} property in this area',
    pointsCount_other: '{{count}} properties in this area',
    searching: 'Searching this area…',
    areaResults_one: '{{count}} property here',
    areaResults_other: '{{count}} properties here',
    closeArea: 'Close',
    clusterLabel_one: '{{count}} property: show it',
    clusterLabel_other: '{{count}} properties: show them',
    pointLabel: '{{price}}: show it',
    nearPlaceLabel: 'Place',
    choosePlace: 'Choose a place',
    nearPlaceNoTown: 'Choose a town in the filters first: its markets, universities, hospitals and junctions are listed here.',
    kind: { market: 'Market', university: 'University', hospital: 'Hospital', junction: 'Junction' },
    close: 'Close the map',
  },
};

export type MapTexts = Widen<typeof mapEn>;
