import { getItem, setItem, type City } from './storage'

/**
 * Home's city: the one the shopper chose, or else the one nearest their location. A city
 * chosen by hand is kept; a city found from the location follows the shopper until they choose one.
 */

/** The shopper picked this city: remembered, and it no longer follows their location. */
export function chooseCity(city: City): City {
  const c = { id: city.id, name: city.name }
  setItem('city', c)
  setItem('cityByHand', true)
  return c
}

/**
 * The city nearest the shopper's location: it becomes the city unless the shopper chose one themselves.
 * Answers the city now in effect when it follows the location, else undefined.
 */
export function followCity(nearest: City | null | undefined): City | undefined {
  if (!nearest || getItem('cityByHand')) return undefined
  const c = { id: nearest.id, name: nearest.name }
  setItem('city', c)
  return c
}
