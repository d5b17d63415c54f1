import { bboxParam, GEO, LIMITS, townView, type GeoBox, type MapPoint, type PropertyRead } from '@mboa/contracts';
import { isAbort, useI18n } from '@mboa/web-core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import Supercluster, { type ClusterProperties, type PointFeature } from 'supercluster';
import { getMapPoints, searchProperties } from '../api/endpoints.js';
import { toSearchParams, type Filters } from '../home/filters.js';
import { PropertyCard } from '../ui/PropertyCard.js';
import { createMap, L } from './leaflet-setup.js';
import '../i18n/parts/map.js';

/** A town's view when the filters name one with a view; else Douala, where most listings are. */
const DEFAULT_TOWN = 'Douala';
/** A tapped point's own box: ±0.0005° (about 50 m) around it, so the search finds it. */
const POINT_PAD_DEG = 0.0005;

export interface HomeMapProps {
  filters: Filters;
  /** The box on screen when it is searchable (for "Save this search"), else null. */
  onBox: (box: string | null) => void;
}

function boxOf(map: L.Map): GeoBox {
  const b = map.getBounds();
  return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
}

/** A box the API takes: clamped to the search region; null when wider than GEO.maxBoxSpanDeg. */
function searchableBox(box: GeoBox): GeoBox | null {
  const r = GEO.searchRegion;
  const clamped = { west: Math.max(box.west, r.west), south: Math.max(box.south, r.south), east: Math.min(box.east, r.east), north: Math.min(box.north, r.north) };
  if (clamped.west >= clamped.east || clamped.south >= clamped.north) return null;
  if (clamped.east - clamped.west > GEO.maxBoxSpanDeg || clamped.north - clamped.south > GEO.maxBoxSpanDeg) return null;
  return clamped;
}

type Feature = PointFeature<{ id: string; price: number; paymentTerm: MapPoint['paymentTerm'] }>;

/**
 * The home page's map view (loaded when the renter picks Map): clusters of the listings matching the
 * filters in the box on screen (`GET /api/properties/map`), asked again when the map stops moving
 * (after LIMITS.search.debounceMs). A tap on a cluster or a price shows its listings' cards below,
 * from a search with the box around them.
 */
export default function HomeMap({ filters, onBox }: HomeMapProps) {
  const { t, format } = useI18n();
  const node = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [box, setBox] = useState<GeoBox | null>(null);
  const [tooWide, setTooWide] = useState(false);
  const [zoom, setZoom] = useState(0);
  const [area, setArea] = useState<{ box: string; count: number } | null>(null);
  const onBoxRef = useRef(onBox);
  useEffect(() => {
    onBoxRef.current = onBox;
  });

  // Made once, on the filters' town (or the place "near" names).
  useEffect(() => {
    if (!node.current) return;
    const view = townView(filters.town.trim() || DEFAULT_TOWN);
    const [nearLat, nearLng] = filters.near ? filters.near.split(',').map(Number) : [];
    const centre = nearLat !== undefined && nearLng !== undefined && Number.isFinite(nearLat) && Number.isFinite(nearLng) ? { lat: nearLat, lng: nearLng } : view;
    const created = createMap(node.current, centre, view.zoom < 10 ? 13 : view.zoom);
    map.current = created;
    layer.current = L.layerGroup().addTo(created);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const usable = searchableBox(boxOf(created));
        setTooWide(usable === null);
        setBox(usable);
        setZoom(created.getZoom());
        onBoxRef.current(usable ? bboxParam(usable) : null);
      }, LIMITS.search.debounceMs);
    };
    created.on('moveend', settle);
    settle();
    return () => {
      clearTimeout(timer);
      created.remove();
      map.current = null;
      layer.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Another town chosen in the filters while the map is open: the map goes there.
  const shownTown = useRef(filters.town.trim());
  useEffect(() => {
    const town = filters.town.trim();
    if (town === shownTown.current) return;
    shownTown.current = town;
    const view = townView(town);
    if (town && view.zoom >= 10) map.current?.setView([view.lat, view.lng], view.zoom);
  }, [filters.town]);

  const { sort: _sort, page: _page, ...criteria } = toSearchParams(filters, 1);
  const bbox = box ? bboxParam(box) : '';
  const points = useQuery({
    queryKey: ['map-points', criteria, bbox],
    queryFn: ({ signal }) => getMapPoints({ ...criteria, bbox }, signal),
    enabled: bbox !== '',
    placeholderData: keepPreviousData,
  });

  const index = useMemo(() => {
    const cluster = new Supercluster<Feature['properties']>({ radius: 60, maxZoom: 17 });
    const features: Feature[] = (points.data?.points ?? []).map((p) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      properties: { id: p.id, price: p.price, paymentTerm: p.paymentTerm },
    }));
    cluster.load(features);
    return cluster;
  }, [points.data]);

  // Draws the clusters and prices of the box on screen.
  useEffect(() => {
    const group = layer.current;
    if (!group || !box) {
      group?.clearLayers();
      return;
    }
    group.clearLayers();
    for (const feature of index.getClusters([box.west, box.south, box.east, box.north], zoom)) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties as Partial<ClusterProperties> & Partial<Feature['properties']>;
      if (props.cluster && props.cluster_id !== undefined) {
        const count = props.point_count ?? 0;
        const size = count < 10 ? 34 : count < 100 ? 42 : 50;
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({ className: 'map-cluster', html: String(count), iconSize: [size, size] }),
          title: t('map.clusterLabel', { count }),
          keyboard: true,
        });
        const clusterId = props.cluster_id;
        marker.on('click', () => {
          const leaves = index.getLeaves(clusterId, Infinity);
          const lats = leaves.map((l) => l.geometry.coordinates[1]);
          const lngs = leaves.map((l) => l.geometry.coordinates[0]);
          const around = {
            west: Math.min(...lngs) - POINT_PAD_DEG,
            south: Math.min(...lats) - POINT_PAD_DEG,
            east: Math.max(...lngs) + POINT_PAD_DEG,
            north: Math.max(...lats) + POINT_PAD_DEG,
          };
          setArea({ box: bboxParam(around), count });
        });
        marker.addTo(group);
      } else if (props.id) {
        const price = format.number(props.price ?? 0);
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({ className: 'map-price', html: price, iconSize: [Math.max(48, price.length * 8 + 16), 26] }),
          title: t('map.pointLabel', { price: format.priceWithTerm(props.price ?? 0, props.paymentTerm ?? 'monthly') }),
          keyboard: true,
        });
        marker.on('click', () => {
          setArea({
            box: bboxParam({ west: lng - POINT_PAD_DEG, south: lat - POINT_PAD_DEG, east: lng + POINT_PAD_DEG, north: lat + POINT_PAD_DEG }),
            count: 1,
          });
        });
        marker.addTo(group);
      }
    }
  }, [index, box, zoom, t, format]);

  const areaSearch = useQuery({
    queryKey: ['map-area', criteria, area?.box],
    queryFn: async ({ signal }) => {
      try {
        return await searchProperties({ ...toSearchParams(filters, 1), bbox: area!.box }, signal);
      } catch (error) {
        if (!isAbort(error)) console.error('Area search failed', error);
        throw error;
      }
    },
    enabled: area !== null,
  });
  const areaItems: PropertyRead[] = areaSearch.data?.properties ?? [];

  const data = points.data;
  return (
    <section className="home-map" aria-label={t('map.homeMapLabel')}>
      <div ref={node} className="map-frame tall" data-testid="home-map" />
      <p className="muted small map-note" role="status" data-testid="map-status">
        {tooWide
          ? t('map.zoomIn')
          : points.isError
            ? t('map.loadFailed')
            : !data
              ? t('map.searching')
              : data.truncated
                ? t('map.truncated', { count: data.points.length })
                : t('map.pointsCount', { count: data.total })}
      </p>
      {area ? (
        <div className="stack" data-testid="map-area-results">
          <div className="map-bar">
            <h2 className="small" style={{ margin: 0 }}>
              {areaSearch.data ? t('map.areaResults', { count: Number(areaSearch.data.total) || areaItems.length }) : t('map.searching')}
            </h2>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setArea(null)}>
              {t('map.closeArea')}
            </button>
          </div>
          <div className="grid">
            {areaItems.map((property) => (
              <PropertyCard key={property.id ?? property._id} property={property} />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
