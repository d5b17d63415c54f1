import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@mboa/platform';
import { BookingsService } from './bookings/bookings.service.js';
import { LISTINGS_CONFIG, type ListingsConfig } from './config.js';
import { ListingsDb } from './db.js';
import { EventConsumers, LISTINGS_LOGGER, listingsLogger } from './events/event-consumers.js';
import { FavouritesController } from './favourites/favourites.controller.js';
import { FavouritesService } from './favourites/favourites.service.js';
import { FreshnessController } from './freshness/freshness.controller.js';
import { FreshnessService } from './freshness/freshness.service.js';
import { FreshnessSweep } from './freshness/freshness-sweep.js';
import { HealthService } from './health.service.js';
import { HoldsService } from './holds/holds.service.js';
import { ChecksService } from './checks/checks.service.js';
import { SearchIndexer } from './indexer/search-indexer.js';
import { SearchWordsRefresher } from './indexer/search-words-refresh.js';
import { ListingsController } from './listings.controller.js';
import { OwnersController } from './owners/owners.controller.js';
import { OwnersService } from './owners/owners.service.js';
import { PropertyChangesService } from './properties/property-changes.service.js';
import { PropertyPhotosService } from './properties/property-photos.service.js';
import { PropertyPostingService } from './properties/property-posting.service.js';
import { PublicCards } from './properties/public-cards.js';
import { PropertyQueriesService } from './properties/property-queries.service.js';
import { PropertyReader } from './properties/property-reader.js';
import { ReviewsService } from './reviews/reviews.service.js';
import { SearchIndexProvider } from './search/search.provider.js';
import { SavedSearchAlerts } from './saved-searches/saved-search-alerts.service.js';
import { SavedSearchSweep } from './saved-searches/saved-search-sweep.js';
import { SavedSearchesController } from './saved-searches/saved-searches.controller.js';
import { SavedSearchesService } from './saved-searches/saved-searches.service.js';
import { SimilarController } from './similar/similar.controller.js';
import { SitemapController } from './sitemap/sitemap.controller.js';
import { SitemapService } from './sitemap/sitemap.service.js';
import { SimilarListingsService } from './similar/similar-listings.service.js';
import { InsightsController } from './insights/insights.controller.js';
import { FiguresController } from './figures/figures.controller.js';
import { FiguresService } from './figures/figures.service.js';
import { SearchDays } from './figures/search-days.js';
import { InsightsService } from './insights/insights.service.js';
import { ViewRecorder } from './insights/view-recorder.js';

@Module({})
export class ListingsModule {
  static forRoot(config: ListingsConfig, options: { quiet?: boolean } = {}): DynamicModule {
    return serviceModule({
      name: 'listings',
      module: ListingsModule,
      config,
      configToken: LISTINGS_CONFIG,
      database: ListingsDb,
      controllers: [ListingsController, OwnersController, FreshnessController, SimilarController, FavouritesController, InsightsController, FiguresController, SavedSearchesController, SitemapController],
      providers: [
        { provide: LISTINGS_LOGGER, useValue: listingsLogger(options.quiet ?? false) },
        SearchIndexProvider,
        OwnersService,
        PropertyReader,
        PropertyPostingService,
        PropertyPhotosService,
        PropertyQueriesService,
        PublicCards,
        PropertyChangesService,
        BookingsService,
        ReviewsService,
        HoldsService,
        ChecksService,
        SearchIndexer,
        SearchWordsRefresher,
        FreshnessService,
        FreshnessSweep,
        SimilarListingsService,
        InsightsService,
        ViewRecorder,
        FiguresService,
        SearchDays,
        FavouritesService,
        SavedSearchesService,
        SavedSearchAlerts,
        SavedSearchSweep,
        SitemapService,
      ],
      consumers: [EventConsumers],
      health: HealthService,
    });
  }
}
