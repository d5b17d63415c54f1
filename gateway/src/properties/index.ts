import { FavouritesController } from '../favourites/favourites.controller.js';
import { SavedSearchesController } from '../saved-searches/saved-searches.controller.js';
import { AdminPropertiesController } from './admin-properties.controller.js';
import { AvailabilityController } from './availability.controller.js';
import { PropertiesController } from './properties.controller.js';
import { PublicSearchAnswers } from './public-search-answers.js';
import { SearchCounter } from './search-counter.js';

/** The gateway's property calls (registered in app.module.ts), favourites and saved searches among them. */
export const PROPERTY_CONTROLLERS = [PropertiesController, AdminPropertiesController, AvailabilityController, FavouritesController, SavedSearchesController];

/** What those controllers need besides the common providers. */
export const PROPERTY_PROVIDERS = [PublicSearchAnswers, SearchCounter];
