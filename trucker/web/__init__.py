"""The studio (``trucker studio``): a local web app over the library, on Starlette and uvicorn.

It stands where the command line stands: a route reads a request, makes one library call and
renders what it returns (the project's own SVG pictures, a template, or the same data as JSON).
No rule, file format or flight logic lives here; what a page needs that the library lacks goes
into the library first. One module per page (:mod:`~trucker.web.shipyard`), the files of the
folder (:mod:`~trucker.web.files`), long runs in the background (:mod:`~trucker.web.runs`), and
what is pushed to open pages (:mod:`~trucker.web.push`); :mod:`~trucker.web.app` puts them
together with the guard (:mod:`~trucker.web.guard`) in front.
"""
