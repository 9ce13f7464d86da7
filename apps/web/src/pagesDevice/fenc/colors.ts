/** The fence drawn on the map: the app's orange; a polygon whose sides cross turns red. */
export const FENCE_COLOR = '#ff7a00';
export const FENCE_ERROR_COLOR = '#ff3141';
