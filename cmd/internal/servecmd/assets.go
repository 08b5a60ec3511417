package servecmd

import (
	"embed"
	"io/fs"
	"net/http"

	"github.com/satsolve/satsolve/cmd/internal/web"
)

// assetFS holds the pages (assets/pages), their scripts and styles
// (assets/static). There is no build step: the files are served as
// written, and nothing comes from elsewhere.
//
//go:embed assets
var assetFS embed.FS

// pages maps each page's path to its file in assets/pages.
var pages = map[string]string{
	"/{$}":        "index.html",
	"/dollar":     "dollar.html",
	"/help":       "help.html",
	"/strategies": "strategies.html",
	"/nonogram":   "nonogram.html",
	"/dobble":     "dobble.html",
}

// registerPages registers the pages and /static/ on s.
func registerPages(s *web.Server) {
	for path, file := range pages {
		data, err := assetFS.ReadFile("assets/pages/" + file)
		if err != nil {
			panic("servecmd: page not embedded: " + file) // a build mistake, caught by every test
		}
		s.Handle("GET "+path, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write(data)
		}))
	}
	// Any other address gets a page in the site's frame, with status 404
	// (the API answers its own paths in JSON; a missing static file gets
	// the file server's plain 404, for scripts).
	notFound, err := assetFS.ReadFile("assets/pages/404.html")
	if err != nil {
		panic("servecmd: page not embedded: 404.html")
	}
	s.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		w.Write(notFound)
	}))
	static, err := fs.Sub(assetFS, "assets/static")
	if err != nil {
		panic(err)
	}
	s.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
}
