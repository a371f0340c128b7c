// A city as the city chooser lists it (components/city-chooser.tsx): the link's id and the two names
// drawn. The shell hands the priority cities in this form: every page's loader data held 10 whole cities
// (phones, declensions, zone, coordinates, delivery and payment ids: about 6 KB; decision 0065). The
// chooser's search answers whole cities, which are CityChoice too.
import type { City } from '@store/api-client';

export type CityChoice = Pick<City, 'id' | 'name' | 'territory_name'>;

/** The chooser's fields of `city`. */
export const cityChoice = ({ id, name, territory_name }: City): CityChoice => ({ id, name, territory_name });
